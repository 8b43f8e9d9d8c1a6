import { randomUUID } from 'node:crypto';
import {
  type BulkBatchMessage,
  bulkItemDeliveries,
  commitBulkBatch,
  deadLetterError,
} from '@webcapture/service';
import { afterCommit, type BulkBatchResult, type BulkRunHooks, notClaimed } from './batch-end';
import { claimBatch } from './batch-lease';
import { failed } from './item-outcomes';

/**
 * A batch whose message was dead-lettered: every worker that took it died before committing. Its
 * items fail at no charge (no admission, nothing captured), with their bulk.item.failed webhooks,
 * so the job still ends. 'retry' while another worker's lease on it lasts.
 */
export async function failDeadBatch(
  message: BulkBatchMessage,
  hooks: BulkRunHooks = {},
): Promise<BulkBatchResult> {
  const token = randomUUID();
  const claim = await claimBatch(message, token, 0, hooks.now ?? Date.now);
  if (claim !== 'claimed' && claim !== 'taken_over') return notClaimed(message, claim);
  const died = deadLetterError();
  const outcomes = message.items.map((item) => failed(item.index, died));
  const deliveries = bulkItemDeliveries(message, outcomes);
  const result = await commitBulkBatch(message, token, outcomes, undefined, deliveries);
  return afterCommit(message, result, deliveries, hooks);
}
