import {
  ChangeMessageVisibilityCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { dynamoClient, sqsClient } from '../clients';
import { queueUrl, tableName } from '../config';
import { nowIso } from '../ids';
import { isConditionFailed } from '../transactions';
import {
  deliveryKey,
  deliveryView,
  getWebhookDeliveryItem,
  pendingIndexKeys,
  recordWebhookDelivery,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookMessage,
} from './deliveries';

/** ChangeMessageVisibility may hold a message at most 12 hours after it was received. */
const MAX_VISIBILITY_SECONDS = 43_000;

/**
 * Records the delivery, then queues it; the worker sends it and records every attempt. Outcomes
 * record theirs with the outcome instead (outbox.ts); a process that dies between the two
 * steps here leaves a pending delivery that the sweep (sweep.ts) queues.
 */
export async function enqueueWebhook(input: WebhookInput): Promise<WebhookDelivery> {
  const delivery = await recordWebhookDelivery(input);
  await sendWebhookMessage({ accountId: input.accountId, deliveryId: delivery.id });
  return delivery;
}

async function sendWebhookMessage(message: WebhookMessage): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: queueUrl('webhooks'), MessageBody: JSON.stringify(message) }),
  );
}

/**
 * Queues recorded deliveries, ten to a SendMessageBatch. Sending one twice is harmless: the
 * worker claims each attempt with a conditional write, so a duplicate message sends nothing twice.
 */
export async function sendWebhookMessages(accountId: string, deliveryIds: readonly string[]): Promise<void> {
  for (let i = 0; i < deliveryIds.length; i += 10) {
    const group = deliveryIds.slice(i, i + 10);
    const { Failed } = await sqsClient().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl('webhooks'),
        Entries: group.map((deliveryId, n) => ({
          Id: String(n),
          MessageBody: JSON.stringify({ accountId, deliveryId } satisfies WebhookMessage),
        })),
      }),
    );
    if (Failed?.length) throw new Error(`SendMessageBatch refused ${Failed.length} webhook messages`);
  }
}

/**
 * Sends the delivery again as a new round of attempts (same id, so a receiver that deduplicates
 * sees the same message). A delivery being attempted at this very moment is left to that attempt.
 */
export async function redeliverWebhook(accountId: string, id: string): Promise<WebhookDelivery> {
  const now = Date.now();
  try {
    const { Attributes } = await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(accountId, id),
        UpdateExpression:
          'SET #status = :pending, round_attempts = :zero, next_attempt_at = :now, failure_reason = :null, delivered_at = :null, pending_pk = :ppk, pending_due = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(lease_until) OR lease_until < :nowMs)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':zero': 0,
          ':now': nowIso(new Date(now)),
          ':nowMs': now,
          ':null': null,
          ':ppk': pendingIndexKeys(id, '').pending_pk,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    await sendWebhookMessage({ accountId, deliveryId: id });
    return deliveryView(Attributes as Record<string, unknown>);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const item = await getWebhookDeliveryItem(accountId, id);
    if (!item) throw new ApiError('not_found', `No webhook delivery ${id} on this account.`);
    return deliveryView(item as unknown as Record<string, unknown>);
  }
}

/** Keeps a message away until its delivery's next attempt is due (Lambda leaves its visibility alone). */
export async function deferWebhookMessage(receiptHandle: string, seconds: number): Promise<void> {
  await sqsClient().send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: queueUrl('webhooks'),
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: Math.max(1, Math.min(MAX_VISIBILITY_SECONDS, Math.ceil(seconds))),
    }),
  );
}
