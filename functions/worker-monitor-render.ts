import { monitorRenderWorker } from '@webcapture/jobs/browser';

/** Due checks of monitors with `rendering`, handed over by the monitor-checks worker, rendered in Chromium. */
export const handler = monitorRenderWorker;
