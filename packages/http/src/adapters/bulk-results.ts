import { ApiError } from '@webcapture/errors';
import {
  type BulkKind,
  bulkResultsArchive,
  CONTENT_URL_TTL_SECONDS,
  getBulkJob,
  signedContentUrl,
} from '@webcapture/service';
import { defineRoute, dispatchByRouteKey } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';

const BULK_RESULTS_ROUTES: ReadonlyArray<{ routeId: string; kind: BulkKind }> = [
  { routeId: 'scrape-bulk-results', kind: 'scrape' },
  { routeId: 'fetch-bulk-results', kind: 'fetch' },
  { routeId: 'bulk-results', kind: 'screenshot' },
];

/** A finished job's completed items as one signed download; 409 job_not_finished before it ends. */
async function answerBulkResults(kind: BulkKind, accountId: string, id: string): Promise<HttpResponse> {
  const job = await getBulkJob(accountId, id);
  if (!job || job.kind !== kind)
    throw new ApiError('not_found', `No ${kind} bulk job ${id} on this account.`);
  const { key, ...archive } = await bulkResultsArchive(accountId, job);
  const now = Date.now();
  return jsonResponse(200, {
    id: job.id,
    status: job.status,
    ...archive,
    url: signedContentUrl(accountId, key, now),
    expires_at: new Date(now + CONTENT_URL_TTL_SECONDS * 1000).toISOString(),
  });
}

/** The handler of the three results routes (their manifest rows share it). */
export function bulkResultsHandler() {
  return dispatchByRouteKey(
    BULK_RESULTS_ROUTES.map(({ routeId, kind }) => ({
      routeId,
      handler: defineRoute(routeId, {}, ({ params, principal }) =>
        answerBulkResults(kind, principal.accountId, params.id as string),
      ),
    })),
  );
}
