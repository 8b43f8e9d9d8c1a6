import { ApiError } from '@webcapture/errors';
import { defineRoute, jsonResponse } from '@webcapture/http';
import { cancelBulkJob } from '@webcapture/service';

export const handler = defineRoute('bulk-cancel', {}, async ({ params, principal }) => {
  const job = await cancelBulkJob(principal.accountId, params.id as string);
  if (!job) throw new ApiError('not_found', `No bulk job ${params.id} on this account.`);
  return jsonResponse(200, job);
});
