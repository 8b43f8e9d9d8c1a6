import { webhookSweep } from '@webcapture/jobs';

/** Every 5 minutes (SCHEDULES): re-queues owed webhook sends and ends abandoned screenshots. */
export const handler = webhookSweep;
