import { screenshotsWorker } from '@webcapture/jobs/browser';

/** Screenshots handed over by POST /v1/screenshots (async, or not done within the hold). */
export const handler = screenshotsWorker;
