import { postWebhook } from '@webcapture/capture';
import { deferWebhookMessage, processWebhookMessage } from '@webcapture/service';
import { LeaveInQueue, sqsBatchHandler } from '../sqs-batch';

/**
 * The webhooks queue: one delivery attempt per message, side by side. A delivery that waits for
 * its next attempt stays in the queue, hidden until then (its visibility timeout), and is reported
 * as a failure so Lambda does not delete it.
 */
export const webhooksWorker = sqsBatchHandler(
  async (record) => {
    const step = await processWebhookMessage(JSON.parse(record.body), postWebhook);
    if ('done' in step) return;
    await deferWebhookMessage(record.receiptHandle, step.retryInSeconds);
    throw new LeaveInQueue(`next attempt in ${step.retryInSeconds} s`);
  },
  { inParallel: true },
);
