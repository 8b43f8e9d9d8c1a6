import { jsonJobWorker } from '../sqs-batch';
import { failDeadSitemapJob } from './abandoned-sitemap-job';
import { runSitemapJob } from './run-sitemap-job';

/** The sitemap-jobs queue: POST /v1/sitemap with a webhook, one map per message. */
export const sitemapJobsWorker = jsonJobWorker((message: { accountId: string; id: string }) =>
  runSitemapJob(message),
);

/** The dead-letter queue of sitemap-jobs: each job ends as failed, free. */
export const deadSitemapsWorker = jsonJobWorker(failDeadSitemapJob);
