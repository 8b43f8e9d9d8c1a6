import { bulkScreenshotsWorker } from '@webcapture/jobs/browser';

/** Bulk screenshot batches (POST /v1/bulk): the only bulk worker that bundles Chromium. */
export const handler = bulkScreenshotsWorker;
