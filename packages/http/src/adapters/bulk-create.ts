import type { BulkKind } from '@webcapture/service';
import type { z } from 'zod';
import { defineRoute, dispatchByRouteKey } from '../api';
import {
  type BulkRequest,
  bulkBodyLimitAfterAuth,
  bulkBodyLimitsBeforeAuth,
  submitBulkJob,
} from '../bulk-submit';
import { BULK_DECLARED_LIMIT_BYTES } from '../routes';
import {
  BULK_FETCH_REFUSED_FIELDS,
  BULK_RENDERING_FIELDS,
  fetchBulkBody,
  scrapeBulkBody,
  screenshotBulkBody,
} from '../schemas/bulk';
import { bulkUploadReference } from '../schemas/bulk-uploads';
import { checkUrlFields, refuseFields } from '../schemas/url-fields';

/**
 * The three bulk submissions, which differ only by their kind and their body's schema (and the
 * options that kind refuses); the body limits, the upload reference, the checks, recording and
 * queueing the job are one path. POST /v1/bulk is the screenshot job (README, Bulk jobs).
 */
const BULK_SUBMISSIONS: ReadonlyArray<{ routeId: string; kind: BulkKind; body: z.ZodType<BulkRequest> }> = [
  { routeId: 'scrape-bulk-create', kind: 'scrape', body: scrapeBulkBody },
  { routeId: 'fetch-bulk-create', kind: 'fetch', body: fetchBulkBody },
  { routeId: 'bulk-create', kind: 'screenshot', body: screenshotBulkBody },
];

/** Options a kind does not serve: a 400 before validation, saying where they are served. */
const REFUSED_FIELDS: Record<BulkKind, { fields: readonly string[]; reason: string } | undefined> = {
  scrape: {
    fields: BULK_RENDERING_FIELDS,
    reason: 'bulk scrape runs on the HTTP fast path; send rendering requests to POST /v1/scrape',
  },
  fetch: { fields: BULK_FETCH_REFUSED_FIELDS, reason: 'bulk fetch takes plain-HTTP fetch options only' },
  screenshot: undefined,
};

/**
 * 400s before validation: options the kind does not serve, and a webhook_url that is not https
 * (each URL is checked per item, and a bad one is reported as a failed item).
 */
async function bulkPrecheck(kind: BulkKind, input: unknown): Promise<void> {
  const refused = REFUSED_FIELDS[kind];
  if (refused) refuseFields(input, refused.fields, refused.reason);
  await checkUrlFields(withoutUrl(input));
}

function withoutUrl(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  const { url: _url, ...rest } = input as Record<string, unknown>;
  return rest;
}

function defineBulkSubmission(routeId: string, kind: BulkKind, body: z.ZodType<BulkRequest>) {
  return defineRoute(
    routeId,
    {
      body,
      precheck: (input) => bulkPrecheck(kind, input),
      bodyLimitBytes: BULK_DECLARED_LIMIT_BYTES,
      beforeAuth: bulkBodyLimitsBeforeAuth,
      afterAuth: bulkBodyLimitAfterAuth,
      bodyAlternative: bulkUploadReference,
    },
    ({ body, principal, event }) => submitBulkJob(kind, body, principal, event),
  );
}

/** The handler of every bulk submission route (their manifest rows share it). */
export function bulkSubmissionHandler() {
  return dispatchByRouteKey(
    BULK_SUBMISSIONS.map(({ routeId, kind, body }) => ({
      routeId,
      handler: defineBulkSubmission(routeId, kind, body),
    })),
  );
}
