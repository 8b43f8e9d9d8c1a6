import type { JobCapture } from '@webcapture/scraping';
import { deadLetterError } from '@webcapture/service';
import { runScrapeJob } from './run-scrape-job';

/**
 * The dead-letter worker of the scrape queues: a job whose message was dead-lettered (its workers
 * died on every receive) ends as failed, its admission rolled back, its scrape.failed webhook
 * sent. One still held by a live lease throws, so its message comes back once the lease is over.
 */
export async function failDeadScrapeJob(message: { accountId: string; id: string }): Promise<void> {
  const died: JobCapture = () => Promise.reject(deadLetterError());
  if ((await runScrapeJob(message, died)) === 'held') {
    throw new Error(`scrape ${message.id} is still held by a live worker`);
  }
}
