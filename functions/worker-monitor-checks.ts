import { monitorChecksWorker } from '@webcapture/jobs';

/** Due monitor checks, queued by the monitor sweep (fast path, no browser). */
export const handler = monitorChecksWorker;
