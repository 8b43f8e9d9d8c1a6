import { deadLetterError } from '@webcapture/service';
import { runScreenshotJob } from './run-screenshot-job';

/**
 * The dead-letter worker of the screenshots queue: a screenshot whose message was dead-lettered
 * (its workers died on every receive) ends as failed, its admission rolled back, its
 * screenshot.failed webhook sent. One still held by a live lease throws, so its message comes back.
 */
export async function failDeadScreenshot(message: { accountId: string; id: string }): Promise<void> {
  if ((await runScreenshotJob(message, () => Promise.reject(deadLetterError()))) === 'held') {
    throw new Error(`screenshot ${message.id} is still held by a live worker`);
  }
}
