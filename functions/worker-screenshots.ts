import { defineQueueWorker } from '@webcapture/http';
import { runScreenshotJob, takeScreenshot } from '@webcapture/scraping/screenshots';

/** Screenshots handed over by POST /v1/screenshots (async, or not done within the hold). */
export const handler = defineQueueWorker((message: { accountId: string; id: string }) =>
  runScreenshotJob(message, takeScreenshot),
);
