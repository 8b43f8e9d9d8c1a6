import { defineQueueWorker } from '@webcapture/http';
import { failDeadScreenshot } from '@webcapture/scraping/screenshot-jobs';

/** Drains the screenshots queue's dead-letter queue: each screenshot ends as failed, free. */
export const handler = defineQueueWorker(failDeadScreenshot);
