import { deadSitemapsWorker } from '@webcapture/jobs';

/** The sitemap-jobs dead-letter queue: each job ends as failed, nothing billed. */
export const handler = deadSitemapsWorker;
