import { bulkItemsQuery, defineRoute, readBulkJob } from '@webcapture/http';

export const handler = defineRoute(
  'scrape-bulk-get',
  { query: bulkItemsQuery },
  ({ params, query, principal, event }) =>
    readBulkJob('scrape', principal.accountId, params.id as string, query, event),
);
