export * from './jobs';
export {
  getSitemapJob,
  getSitemapResult,
  putSitemapResult,
  SITEMAP_JOB_RETENTION_SECONDS,
  type SitemapJobStatus,
  type SitemapJobView,
  type SitemapSummary,
  sitemapJobKey,
} from './records';
