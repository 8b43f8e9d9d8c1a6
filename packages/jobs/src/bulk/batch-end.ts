import {
  type BatchClaim,
  type BulkBatchMessage,
  type BulkJob,
  bulkResultsArchive,
  type CommitResult,
  completionOutboxId,
  dispatchBatchOutbox,
  dispatchCompletion,
  finishBulkJobIfDone,
  type OutboxDelivery,
  sweepBatchOutbox,
} from '@webcapture/service';
import { logger } from '@webcapture/telemetry';

export interface BulkRunHooks {
  /** The clock claims and leases are judged by (tests move it past a lease). */
  now?: () => number;
  /** Called after each item has run, before the batch is committed: a crash there loses nothing. */
  afterItem?: (index: number) => void | Promise<void>;
  /** Called after the commit, before its webhooks are queued: a crash there bills nothing twice and loses no webhook. */
  afterCommit?: () => void | Promise<void>;
}

/** done: acknowledge; retry: some items are held by another live worker; requeue: no slot now. */
export type BulkBatchResult = 'done' | 'retry' | 'requeue';

/**
 * A batch this delivery could not claim: already committed (send what its worker left unsent,
 * bulk-outbox.ts, and end the job if it was the last), its job stopped, or held by another
 * worker's live claim (come back later, in case that worker dies).
 */
export async function notClaimed(message: BulkBatchMessage, claim: BatchClaim): Promise<BulkBatchResult> {
  if (claim === 'held') return 'retry';
  await sweepBatchOutbox(message);
  await finishJob(message);
  return 'done';
}

/** Queues the webhooks a commit recorded, then ends the job if the batch was its last. */
export async function afterCommit(
  message: BulkBatchMessage,
  result: CommitResult,
  deliveries: readonly OutboxDelivery[],
  hooks: BulkRunHooks,
): Promise<BulkBatchResult> {
  // Another worker took the batch over after our lease ran out; its outcome stands.
  if (result === 'lost_claim') return 'done';
  await hooks.afterCommit?.();
  await dispatchBatchOutbox(
    message,
    deliveries.map((delivery) => delivery.id),
  );
  // A commit that found other items still pending knows the job cannot have ended: no check.
  if (result === 'committed_last') await finishJob(message);
  return 'done';
}

/**
 * Ends the job when this batch was its last; exactly one caller wins. Its bulk.completed is marked
 * by that same write and queued here, or by the next message that finds the mark (bulk-outbox.ts).
 */
async function finishJob(message: BulkBatchMessage): Promise<void> {
  const finish = await finishBulkJobIfDone(
    message.accountId,
    message.jobId,
    completionOutboxId(message.webhook),
  );
  if (finish?.unsent) await dispatchCompletion(message.accountId, message.kind, finish.job, finish.unsent);
  if (finish?.ended) await buildResultsArchive(message.accountId, finish.job);
}

/**
 * The job's one-download archive, built by the worker that ended it, after its webhook is queued.
 * A failure here loses nothing: GET …/results builds it when first asked.
 */
async function buildResultsArchive(accountId: string, job: BulkJob): Promise<void> {
  try {
    await bulkResultsArchive(accountId, job);
  } catch (error) {
    logger().warn('bulk results archive not built; the first read builds it', { jobId: job.id, error });
  }
}
