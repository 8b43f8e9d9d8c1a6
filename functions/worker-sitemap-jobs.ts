import { sitemapJobsWorker } from '@webcapture/jobs';

/** POST /v1/sitemap with a webhook: one map per message (no browser). */
export const handler = sitemapJobsWorker;
