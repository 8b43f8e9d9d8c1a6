import { answerSitemap, defineRoute, sitemapBody, sitemapPrecheck } from '@webcapture/http';

export const handler = defineRoute(
  'sitemap-post',
  { body: sitemapBody, precheck: sitemapPrecheck, metered: { estimateBytes: 64 * 1024 } },
  answerSitemap,
);
