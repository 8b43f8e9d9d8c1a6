import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { publicUrl, tableName } from '../config';
import { newId } from '../ids';
import { type WebhookEvent, webhookDeliveryRecord } from '../webhooks/deliveries';
import {
  dispatchOutbox,
  type OutboxDelivery,
  outboxDelivery,
  putOutboxDelivery,
  unsentDeliveries,
} from '../webhooks/outbox';
import type { BulkItemOutcome } from './commit';
import { type BulkBatchMessage, type BulkJob, type BulkKind, batchKey, bulkJobPath, jobKey } from './records';

/**
 * Durable bulk webhooks (README, Bulk jobs: Events), on the webhook outbox (webhooks/outbox.ts). An
 * item's delivery record is written in the transaction that commits the item, and the batch keeps
 * the ids in `outbox` until their queue messages are sent; a worker that dies in between leaves the outbox behind, and the next delivery
 * of the batch's message (which finds the batch done, or the job finished) sends it. The job's
 * `bulk.completed` works the same way: the write that ends the job names its delivery id in
 * `completion_outbox`, and whoever sees that mark records and queues the delivery under that id.
 * Queueing twice is harmless (the webhook worker claims every attempt), so the id a receiver
 * deduplicates on (`webhook-id`) is the same whichever path sends it.
 */

/** The bulk.item.* deliveries of a batch's outcomes, for the events the job selected. */
export function bulkItemDeliveries(
  message: BulkBatchMessage,
  outcomes: readonly BulkItemOutcome[],
  now = new Date(),
): OutboxDelivery[] {
  const webhook = message.webhook;
  if (!webhook) return [];
  const byIndex = new Map(message.items.map((item) => [item.index, item]));
  return outcomes.flatMap((outcome) => {
    const event: WebhookEvent = outcome.status === 'completed' ? 'bulk.item.completed' : 'bulk.item.failed';
    if (!webhook.events.includes(event)) return [];
    const item = byIndex.get(outcome.index);
    const payload = {
      job_id: message.jobId,
      kind: message.kind,
      index: outcome.index,
      url: item?.url,
      status: outcome.status,
      upstream_status: outcome.upstreamStatus,
      content_type: outcome.contentType,
      content_length: outcome.contentLength,
      error: outcome.error,
      result_url: publicUrl(bulkJobPath(message.kind, message.jobId)),
      custom: (item?.overrides?.custom as Record<string, unknown> | undefined) ?? message.custom,
    };
    return [outboxDelivery({ accountId: message.accountId, url: webhook.url, event, payload }, now)];
  });
}

/** Queues a committed batch's deliveries, then clears its outbox. */
export async function dispatchBatchOutbox(message: BulkBatchMessage, ids: readonly string[]): Promise<void> {
  await dispatchOutbox(message.accountId, batchKey(message.jobId, message.batch), ids);
}

/**
 * For a message whose batch is already done (or whose job has ended): sends what a worker that
 * died after the commit left in the batch's outbox. One read; nothing else when the outbox is empty.
 */
export async function sweepBatchOutbox(message: BulkBatchMessage): Promise<void> {
  if (!message.webhook) return;
  const { Item } = await dynamoClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: batchKey(message.jobId, message.batch),
      ConsistentRead: true,
      ProjectionExpression: 'outbox',
    }),
  );
  await dispatchBatchOutbox(message, unsentDeliveries(Item));
}

/** The id the write that ends a job marks for its bulk.completed, when the job asked for it. */
export function completionOutboxId(webhook: { events: readonly string[] } | null): string | undefined {
  return webhook?.events.includes('bulk.completed') ? newId('wd') : undefined;
}

/**
 * Records and queues a finished job's bulk.completed under the id its end marked, then clears the
 * mark. Safe to repeat: the record is written only if absent, and a second message is harmless.
 */
export async function dispatchCompletion(
  accountId: string,
  kind: BulkKind,
  job: BulkJob,
  deliveryId: string,
): Promise<void> {
  if (!job.webhook_url) return;
  const input = {
    accountId,
    url: job.webhook_url,
    event: 'bulk.completed' as const,
    payload: { ...job, result_url: publicUrl(bulkJobPath(kind, job.id)) },
  };
  await putOutboxDelivery({ id: deliveryId, record: webhookDeliveryRecord(input, deliveryId) });
  await dispatchOutbox(accountId, jobKey(accountId, job.id), [deliveryId], {
    attribute: 'completion_outbox',
    indexed: true,
  });
}
