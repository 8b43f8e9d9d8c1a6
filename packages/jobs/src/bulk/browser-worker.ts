import { runScreenshotItem } from './screenshot-item';
import { bulkItemsWorkerOf } from './workers';

/** The bulk-screenshots queue (POST /v1/bulk): the only bulk worker that bundles Chromium. */
export const bulkScreenshotsWorker = bulkItemsWorkerOf(runScreenshotItem);
