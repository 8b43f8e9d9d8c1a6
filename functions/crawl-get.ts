import { crawlItemsQuery, defineRoute, readCrawl } from '@webcapture/http';

export const handler = defineRoute('crawl-get', { query: crawlItemsQuery }, ({ params, query, principal }) =>
  readCrawl(principal, params.id as string, query),
);
