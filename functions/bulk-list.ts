import { bulkListQuery, defineRoute, jsonResponse } from '@webcapture/http';
import { type BulkJobStatus, listBulkJobs } from '@webcapture/service';

export const handler = defineRoute('bulk-list', { query: bulkListQuery }, async ({ query, principal }) =>
  jsonResponse(
    200,
    await listBulkJobs(principal.accountId, { ...query, status: query.status as BulkJobStatus | undefined }),
  ),
);
