import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { newId } from '../ids';
import { isConditionFailed } from '../transactions';
import { type WebhookInput, webhookDeliveryRecord } from './deliveries';
import { sendWebhookMessages } from './messages';

/**
 * The webhook outbox (README, Webhooks: delivery guarantees). A delivery record is written in the
 * same transaction as the outcome it reports (a bulk batch, an async scrape, a screenshot), and
 * that outcome's record keeps the delivery ids in an outbox attribute until their queue messages
 * are sent. A worker that dies between the commit and the send leaves the outbox behind; the next
 * delivery of its queue message finds the outcome already recorded and sends what the outbox
 * holds.
 * Queueing twice is harmless (the webhook worker claims every attempt), so the id a receiver
 * deduplicates on (`webhook-id`) is the one written at commit, whichever path sends it.
 */

export interface OutboxDelivery {
  id: string;
  record: ReturnType<typeof webhookDeliveryRecord>;
}

/** A new delivery with its id, to be written by the transaction that commits its outcome. */
export function outboxDelivery(input: WebhookInput, now = new Date()): OutboxDelivery {
  const id = newId('wd');
  return { id, record: webhookDeliveryRecord(input, id, now) };
}

/** The transaction item that records a delivery; never overwrites one already recorded. */
export function outboxPut(delivery: OutboxDelivery) {
  return {
    Put: { TableName: tableName(), Item: delivery.record, ConditionExpression: 'attribute_not_exists(pk)' },
  };
}

/** Records a delivery outside a transaction, only if absent (a second writer keeps the first). */
export async function putOutboxDelivery(delivery: OutboxDelivery): Promise<void> {
  try {
    await dynamoClient().send(new PutCommand(outboxPut(delivery).Put));
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** The ids an outcome's record still holds in its outbox attribute (a list or a single id). */
export function unsentDeliveries(
  record: Record<string, unknown> | undefined,
  attribute = 'outbox',
): string[] {
  const value = record?.[attribute];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? (value as string[]) : [];
}

/**
 * Queues recorded deliveries, then clears the outbox attribute of the record that kept them, and
 * with `indexed` its entry in the sweep's pending index (a mark whose delivery is not recorded yet).
 */
export async function dispatchOutbox(
  accountId: string,
  key: Record<string, string>,
  ids: readonly string[],
  { attribute = 'outbox', indexed = false } = {},
): Promise<void> {
  if (!ids.length) return;
  await sendWebhookMessages(accountId, ids);
  // `attribute` is one of ours (outbox, completion_outbox), never a reserved word.
  await removeOutboxMark(key, `${attribute}${indexed ? ', pending_pk, pending_due' : ''}`);
}

/** Clears an outbox mark; never creates the record (one that expired stays gone). */
async function removeOutboxMark(key: Record<string, string>, attributes: string) {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `REMOVE ${attributes}`,
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
