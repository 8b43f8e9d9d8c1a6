import { randomUUID } from 'node:crypto';
import { ApiError, isApiError } from '@webcapture/errors';
import {
  type BulkBatchMessage,
  type BulkItemOutcome,
  bulkItemDeliveries,
  commitBulkBatch,
  releaseBulkClaim,
  rollback,
} from '@webcapture/service';
import { admitBatch } from './batch-admission';
import { afterCommit, type BulkBatchResult, type BulkRunHooks, notClaimed } from './batch-end';
import { claimBatch } from './batch-lease';
import { requestOf } from './batch-message';
import { batchStore } from './batch-store';
import { runFastPathItem } from './fast-path-items';
import { type BulkItemRunner, failed } from './item-outcomes';

/**
 * One SQS message: a batch of a job's items. Admission (one slot) and claim (one transaction) side
 * by side, the items one after another, then one commit transaction that records them and bills
 * them together.
 */
export async function runBulkBatch(
  message: BulkBatchMessage,
  hooks: BulkRunHooks = {},
  runItem: BulkItemRunner = runFastPathItem,
): Promise<BulkBatchResult> {
  const now = hooks.now ?? Date.now;
  const token = randomUUID();
  const budgetMs = message.items.reduce(
    (sum, item) => sum + Number(requestOf(message, item).timeout_ms ?? 60_000),
    0,
  );
  // Admission and claim side by side (one round trip instead of two in a row); whichever of them
  // fails undoes the other, and no item starts before both have succeeded.
  const waiting = { stop: false };
  const [admitted, claimed] = await Promise.all([
    admitBatch(message, waiting).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    claimBatch(message, token, budgetMs, now).then(
      (value) => {
        // Nothing to run: no reason to keep waiting for a slot.
        if (value !== 'claimed' && value !== 'taken_over') waiting.stop = true;
        return { value };
      },
      (error: unknown) => {
        waiting.stop = true;
        return { error };
      },
    ),
  ]);
  const admission = 'value' in admitted && admitted.value !== 'busy' ? admitted.value : undefined;
  if ('error' in claimed) {
    if (admission) await rollback(admission);
    throw claimed.error;
  }
  const claim = claimed.value;
  if (claim !== 'claimed' && claim !== 'taken_over') {
    if (admission) await rollback(admission);
    return notClaimed(message, claim);
  }
  // Quota used up, billing state: the items fail at no charge, like single requests would.
  const refusal = 'error' in admitted && isApiError(admitted.error) ? admitted.error : undefined;
  if (!admission && !refusal) {
    // No slot after waiting, or admission itself failed: give the claim back untouched.
    await releaseBulkClaim(message, token, claim === 'taken_over');
    if ('error' in admitted) throw admitted.error;
    return 'requeue';
  }
  let outcomes: BulkItemOutcome[] = [];
  const store = batchStore(message, token);
  for (const item of message.items) {
    outcomes.push(refusal ? failed(item.index, refusal) : await runItem(message, item, store));
    await hooks.afterItem?.(item.index);
  }
  const storeErrors = await store.flush();
  // An item whose result (or capture) could not be stored fails, and costs nothing, as a single
  // request whose cache write fails does.
  outcomes = outcomes.map((outcome) =>
    storeErrors.has(outcome.index) ? failed(outcome.index, storeErrors.get(outcome.index)) : outcome,
  );
  let deliveries = bulkItemDeliveries(message, outcomes);
  let result = await commitBulkBatch(message, token, outcomes, admission, deliveries);
  if (result === 'quota_exceeded') {
    // The batch's charge does not fit in what is left of the month: its billed items fail, free.
    if (admission) await rollback(admission);
    const quota = new ApiError(
      'quota_exceeded',
      'The monthly quota ran out before this item could be billed; nothing was charged.',
    );
    outcomes = outcomes.map((outcome) => (outcome.charge ? failed(outcome.index, quota) : outcome));
    deliveries = bulkItemDeliveries(message, outcomes);
    result = await commitBulkBatch(message, token, outcomes, undefined, deliveries);
  }
  if (result === 'lost_claim' && admission) await rollback(admission);
  // Before the webhooks: a page is searchable by the time its bulk.item event arrives.
  if (result === 'committed' || result === 'committed_last') await store.indexCommitted(outcomes);
  return afterCommit(message, result, deliveries, hooks);
}
