import { recoverySweep } from '@webcapture/jobs';

/** Every 5 minutes (SCHEDULES): queues stuck bulk batches again, or fails them after three tries. */
export const handler = () => recoverySweep();
