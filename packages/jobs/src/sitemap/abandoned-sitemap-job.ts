import { deadLetterError, requeueAbandonedSitemapJob } from '@webcapture/service';
import { logger } from '@webcapture/telemetry';
import { runSitemapJob } from './run-sitemap-job';

/**
 * The dead-letter worker of sitemap-jobs: a job whose message was dead-lettered (its workers died
 * on every receive) ends as failed, its admission rolled back, its sitemap.failed sent. One still
 * held by a live lease throws, so its message comes back once the lease is over.
 */
export async function failDeadSitemapJob(message: { accountId: string; id: string }): Promise<void> {
  const died = () => Promise.reject(deadLetterError());
  if ((await runSitemapJob(message, died)) === 'held') {
    throw new Error(`sitemap job ${message.id} is still held by a live worker`);
  }
}

/**
 * The sweep's recovery of a job found in the pending index well after it was due: its message or
 * its worker was lost (a crash of the local runtime, a message deleted by hand). It is re-queued,
 * at most SITEMAP_MAX_RECOVERIES times, then failed as the dead-letter worker fails it.
 */
export async function recoverSitemapJob(job: { accountId: string; id: string }): Promise<void> {
  const step = await requeueAbandonedSitemapJob(job.accountId, job.id);
  logger().info('sitemap job recovery', { sweep: 'sitemaps', sitemap_id: job.id, step });
  if (step === 'exhausted') await failDeadSitemapJob(job);
}
