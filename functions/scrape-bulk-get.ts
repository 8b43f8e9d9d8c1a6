import { bulkItemsQuery, defineRoute, readBulkJob } from '@webcapture/http';

export const handler = defineRoute(
  'scrape-bulk-get',
  { query: bulkItemsQuery },
  ({ params, query, principal }) => readBulkJob('scrape', principal.accountId, params.id as string, query),
);
