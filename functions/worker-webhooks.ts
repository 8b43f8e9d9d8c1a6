import { webhooksWorker } from '@webcapture/jobs';

/** Webhook delivery attempts; one waiting for its next attempt stays in the queue, hidden until then. */
export const handler = webhooksWorker;
