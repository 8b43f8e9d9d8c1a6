import { jsonJobWorker } from '../sqs-batch';
import { failDeadScreenshot } from './dead-screenshot';

/** The screenshots queue's dead-letter queue: each screenshot ends as failed, free. */
export const deadScreenshotsWorker = jsonJobWorker(failDeadScreenshot);
