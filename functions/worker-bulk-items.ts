import { bulkBatchHandler } from '@webcapture/http';

/** Bulk scrape and fetch batches, on the HTTP fast path (no browser). */
export const handler = bulkBatchHandler();
