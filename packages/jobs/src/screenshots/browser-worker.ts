import { takeScreenshot } from '@webcapture/scraping/screenshots';
import { jsonJobWorker } from '../sqs-batch';
import { runScreenshotJob } from './run-screenshot-job';

/** The screenshots queue: screenshots handed over by POST /v1/screenshots (async, or not done within the hold). */
export const screenshotsWorker = jsonJobWorker((message: { accountId: string; id: string }) =>
  runScreenshotJob(message, takeScreenshot),
);
