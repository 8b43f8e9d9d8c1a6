import {
  type BulkBatchMessage,
  type BulkBatchRef,
  loadBulkBatch,
  sendBulkBatches,
} from '@webcapture/service';
import { LeaveInQueue, sqsBatchHandler } from '../sqs-batch';
import type { BulkBatchResult } from './batch-end';
import { failDeadBatch } from './dead-batch';
import type { BulkItemRunner } from './item-outcomes';
import { runBulkBatch } from './run-batch';

/** Seconds a batch that found no free bulk slot waits in the queue before it is tried again. */
const REQUEUE_DELAY_SECONDS = 2;

/**
 * A bulk worker: each message is a batch of a job's items, run side by side with the other
 * messages of the event (each on its own slot). A batch that found no slot goes back to the queue
 * as a new message, so waiting never counts toward the dead-letter queue's receive limit; one held
 * by another live worker stays in the queue, to come back in case that worker dies.
 */
export function bulkBatchWorker(run: (message: BulkBatchMessage) => Promise<BulkBatchResult>) {
  return sqsBatchHandler(
    async (record) => {
      // The message names the batch; its options and items are read from the table.
      const message = await loadBulkBatch(JSON.parse(record.body) as BulkBatchRef);
      if (!message) return; // the job is gone (past its retention): nothing left to run
      const result = await run(message);
      if (result === 'requeue') await sendBulkBatches([message], REQUEUE_DELAY_SECONDS);
      if (result === 'retry') throw new LeaveInQueue('the batch is held by another live worker');
    },
    { inParallel: true },
  );
}

/** A bulk queue's worker whose items run with `runItem` (the fast path when absent). */
export const bulkItemsWorkerOf = (runItem?: BulkItemRunner) =>
  bulkBatchWorker((message) => runBulkBatch(message, {}, runItem));

/** The bulk-items queue: bulk scrape and fetch batches, on the HTTP fast path (no browser). */
export const bulkItemsWorker = bulkItemsWorkerOf();

/** The dead-letter queues of bulk-items and bulk-screenshots: each batch's items fail, free. */
export const deadBulkBatchesWorker = bulkBatchWorker((message) => failDeadBatch(message));
