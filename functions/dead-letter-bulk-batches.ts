import { deadBulkBatchesWorker } from '@webcapture/jobs';

/** Drains the dead-letter queues of bulk-items and bulk-screenshots: each batch's items fail, free. */
export const handler = deadBulkBatchesWorker;
