import { defineQueueWorker } from '@webcapture/http';
import { runScreenshotJob } from '@webcapture/scraping/screenshots';

/** Screenshots handed over by POST /v1/screenshots (async, or not done within the hold). */
export const handler = defineQueueWorker(runScreenshotJob);
