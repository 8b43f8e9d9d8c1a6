import { monitorSweep } from '@webcapture/jobs';

/** Every minute (SCHEDULES): queues every monitor check that is due. */
export const handler = monitorSweep;
