import { crawlListQuery, defineRoute, listCallerCrawls } from '@webcapture/http';

export const handler = defineRoute('crawl-list', { query: crawlListQuery }, ({ query, principal }) =>
  listCallerCrawls(principal, query),
);
