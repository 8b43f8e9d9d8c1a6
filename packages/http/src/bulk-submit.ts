import { parseTargetUrl } from '@webcapture/capture';
import { ApiError, isApiError } from '@webcapture/errors';
import {
  accountLimits,
  type BulkItem,
  type BulkItemInput,
  type BulkKind,
  bulkJobPath,
  createBulkJob,
  createBulkUpload,
  getBulkJob,
  listBulkItems,
  type ObjectPart,
  type Principal,
  publicUrl,
  signedContentUrl,
  takeBulkUpload,
} from '@webcapture/service';
import { jsonResponse } from './envelope';
import { parseJsonBody, rawBody } from './middleware/json-body';
import { type ApiEvent, header, stateOf } from './request';
import { BULK_DECLARED_LIMIT_BYTES } from './routes';
import type { FetchBulkRequest, ScrapeBulkRequest, ScreenshotBulkRequest } from './schemas/bulk';

const MiB = 1024 * 1024;
/** Spec, Limits: a streamed bulk body (no Content-Length) over 2 MB, refused before the key is checked. */
export const BULK_STREAMED_LIMIT_BYTES = 2 * MiB;

function tooLarge(message: string, details: Record<string, unknown>): ApiError {
  return new ApiError('request_too_large', message, { details });
}

/**
 * The pre-authentication tiers of the spec's Limits table: they look at the request only, never
 * at the key store, so an oversized body costs no lookup.
 */
export function bulkBodyLimitsBeforeAuth(event: ApiEvent): void {
  const declared = header(event, 'content-length');
  if (declared === undefined) {
    const bytes = rawBody(event).length;
    if (bytes > BULK_STREAMED_LIMIT_BYTES) {
      throw tooLarge(
        `A bulk body sent without Content-Length may be at most ${BULK_STREAMED_LIMIT_BYTES} bytes; this one is ${bytes}.`,
        { limit_bytes: BULK_STREAMED_LIMIT_BYTES, received_bytes: bytes, reason: 'streamed_body' },
      );
    }
    return;
  }
  const length = Number(declared);
  if (!Number.isFinite(length) || length > BULK_DECLARED_LIMIT_BYTES) {
    throw tooLarge(
      `A bulk body may declare at most ${BULK_DECLARED_LIMIT_BYTES} bytes; this one declares ${declared}.`,
      { limit_bytes: BULK_DECLARED_LIMIT_BYTES, declared_bytes: declared, reason: 'declared_length' },
    );
  }
}

/** The account's max_bulk_size (2 MiB standard, 16 MiB on the largest plans), for any bulk body. */
export function checkMaxBulkSize(bytes: number, limit: number): void {
  if (bytes > limit) {
    throw tooLarge(
      `This account's bulk jobs may be at most ${limit} bytes (max_bulk_size); this one is ${bytes}.`,
      {
        limit_bytes: limit,
        received_bytes: bytes,
        reason: 'max_bulk_size',
      },
    );
  }
}

/**
 * After authentication: the account's max_bulk_size on the body. A body that names a pre-signed
 * upload (`{"upload_id"}`, README: Large bodies) is replaced by the uploaded one, checked against
 * the same limit and parsed the same way, so validation and every answer after it are those of
 * an inline body.
 */
export async function bulkBodyLimitAfterAuth(event: ApiEvent, principal: Principal): Promise<void> {
  const { max_bulk_size_bytes: limit } = await accountLimits(principal.accountId);
  const state = stateOf(event);
  const uploadId = uploadReference(state.body);
  if (uploadId === undefined) return checkMaxBulkSize(rawBody(event).length, limit);
  const bytes = await takeBulkUpload(principal.accountId, uploadId, (size) => checkMaxBulkSize(size, limit));
  state.body = parseJsonBody(bytes);
}

/** The upload a body names: `upload_id` and no other field (422 otherwise). */
function uploadReference(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('upload_id' in body)) return undefined;
  const { upload_id: id, ...rest } = body as Record<string, unknown>;
  if (typeof id !== 'string' || Object.keys(rest).length) {
    throw new ApiError(
      'validation_error',
      'A body naming an upload holds only upload_id (a string); the options go in the uploaded body.',
      { status: 422, details: { field: 'upload_id', reason: 'upload_reference' } },
    );
  }
  return id;
}

/** POST /v1/bulk/uploads: an upload of the declared size, refused above the account's max_bulk_size. */
export async function createUpload(sizeBytes: number, principal: Principal) {
  const { max_bulk_size_bytes: limit } = await accountLimits(principal.accountId);
  checkMaxBulkSize(sizeBytes, limit);
  return jsonResponse(201, await createBulkUpload(principal.accountId, sizeBytes));
}

export type BulkRequest = ScrapeBulkRequest | FetchBulkRequest | ScreenshotBulkRequest;

/**
 * One job item per submitted URL. Item objects were validated with the body; only the fields an
 * item names (in the raw request, before defaults) override the shared options.
 */
function itemsOf(urls: BulkRequest['urls'], rawUrls: unknown): BulkItemInput[] {
  const raws = Array.isArray(rawUrls) ? rawUrls : [];
  return urls.map((entry, index) => {
    const parsed = (typeof entry === 'string' ? { url: entry } : entry) as Record<string, unknown>;
    const raw = raws[index];
    const url = parsed.url as string;
    const overrides: Record<string, unknown> = {};
    if (raw && typeof raw === 'object') {
      for (const name of Object.keys(raw)) if (name !== 'url') overrides[name] = parsed[name];
    }
    try {
      parseTargetUrl(url);
    } catch (error) {
      if (!isApiError(error)) throw error;
      return { url, error: { code: error.code, message: error.message, details: error.details } };
    }
    return { url, overrides };
  });
}

/** POST /v1/{scrape,fetch}/bulk and POST /v1/bulk (screenshots): records and queues the job; 202 with the job and where to poll it. */
export async function submitBulkJob(
  kind: BulkKind,
  request: BulkRequest,
  principal: Principal,
  event: ApiEvent,
) {
  const { urls, webhook_url, events, custom, ...options } = request;
  const items = itemsOf(urls, (stateOf(event).body as { urls?: unknown } | undefined)?.urls);
  const invalid = items
    .map((item, index) => ({ index, url: item.url, error: item.error }))
    .filter((item) => item.error);
  if (invalid.length === items.length) {
    throw new ApiError('invalid_url', 'None of the URLs can be fetched; see details.items.', {
      details: { field: 'urls', items: invalid.slice(0, 100) },
    });
  }
  const job = await createBulkJob({
    accountId: principal.accountId,
    kind,
    options,
    items,
    webhook: webhook_url ? { url: webhook_url, events } : null,
    custom,
  });
  return jsonResponse(202, {
    ...job,
    poll_url: publicUrl(bulkJobPath(kind, job.id)),
    invalid_urls: invalid.map(({ index, url, error }) => ({ index, url, error })),
  });
}

/**
 * An item as the API shows it: its stored result as a content_url (a screenshot's as image_url),
 * signed anew on every read.
 */
function bulkItemView(
  item: BulkItem,
  field: 'content_url' | 'image_url',
  contentUrl: (key: string, part?: ObjectPart) => string,
) {
  const { resultKey, resultPart, ...rest } = item;
  return { ...rest, [field]: resultKey ? contentUrl(resultKey, resultPart) : null };
}

/** GET /v1/{scrape,fetch}/bulk/{id} and GET /v1/bulk/{id}/screenshots: the job and a page of its items (another kind's id is a 404). */
export async function readBulkJob(
  kind: BulkKind,
  accountId: string,
  id: string,
  query: { limit: number; cursor?: string },
) {
  const job = await getBulkJob(accountId, id);
  if (!job || job.kind !== kind)
    throw new ApiError('not_found', `No ${kind} bulk job ${id} on this account.`);
  const field = kind === 'screenshot' ? 'image_url' : 'content_url';
  const page = await listBulkItems(job, query);
  const items = page.data.map((item) =>
    bulkItemView(item, field, (key, part) => signedContentUrl(accountId, key, undefined, part)),
  );
  return jsonResponse(200, { ...job, items, next_cursor: page.next_cursor });
}
