import { defineRoute, sitemapBody, sitemapCapture, sitemapPrecheck } from '@webcapture/http';

export const handler = defineRoute(
  'sitemap-post',
  { body: sitemapBody, precheck: sitemapPrecheck, metered: { estimateBytes: 64 * 1024 } },
  ({ body, event, captureBudgetMs }) => sitemapCapture(body, event, captureBudgetMs(body.time_budget_ms)),
);
