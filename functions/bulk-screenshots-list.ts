import { bulkItemsQuery, defineRoute, readBulkJob } from '@webcapture/http';

/** GET /v1/bulk/{id}/screenshots: a screenshot job and a page of its items, each with a signed image_url. */
export const handler = defineRoute(
  'bulk-screenshots-list',
  { query: bulkItemsQuery },
  ({ params, query, principal }) =>
    readBulkJob('screenshot', principal.accountId, params.id as string, query),
);
