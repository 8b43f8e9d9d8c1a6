import { crawlBody, crawlPrecheck, defineRoute, submitCrawl } from '@webcapture/http';

export const handler = defineRoute(
  'crawl-create',
  { body: crawlBody, precheck: crawlPrecheck },
  ({ body, principal, event }) => submitCrawl(body, principal, event),
);
