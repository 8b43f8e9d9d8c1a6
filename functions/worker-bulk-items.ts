import { bulkItemsWorker } from '@webcapture/jobs';

/** Bulk scrape and fetch batches, on the HTTP fast path (no browser). */
export const handler = bulkItemsWorker;
