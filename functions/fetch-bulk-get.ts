import { bulkItemsQuery, defineRoute, readBulkJob } from '@webcapture/http';

export const handler = defineRoute(
  'fetch-bulk-get',
  { query: bulkItemsQuery },
  ({ params, query, principal }) => readBulkJob('fetch', principal.accountId, params.id as string, query),
);
