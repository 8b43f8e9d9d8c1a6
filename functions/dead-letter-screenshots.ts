import { deadScreenshotsWorker } from '@webcapture/jobs';

/** Drains the screenshots queue's dead-letter queue: each screenshot ends as failed, free. */
export const handler = deadScreenshotsWorker;
