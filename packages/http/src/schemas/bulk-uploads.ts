import { BULK_UPLOAD_URL_SECONDS, BULK_UPLOAD_VALID_SECONDS } from '@webcapture/service';
import { z } from 'zod';

/** POST /v1/bulk/uploads: the exact size of the body that will be PUT. */
export const bulkUploadBody = z.strictObject({
  size_bytes: z
    .number()
    .int()
    .min(1)
    .describe(
      "Bytes of the JSON body you will PUT, exactly: the URL's signature covers Content-Length. At most the account's max_bulk_size (else 400 request_too_large).",
    ),
});

/**
 * What POST /v1/scrape/bulk, /v1/fetch/bulk and /v1/bulk accept in place of their body: a
 * reference to a pre-signed upload holding that body (validated as if it had been POSTed).
 */
export const bulkUploadReference = z.strictObject({
  upload_id: z
    .string()
    .describe(
      'bu_… from POST /v1/bulk/uploads, its body PUT to upload_url: the job is created from that body, with the same checks and answers as an inline one. Single use; another account’s id is a 404.',
    ),
});

export const bulkUploadResponse = z.strictObject({
  id: z.string().regex(/^bu_/),
  upload_url: z
    .string()
    .describe(`A pre-signed S3 PUT, valid ${BULK_UPLOAD_URL_SECONDS} s; send exactly size_bytes bytes.`),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()).describe('Headers the PUT must carry (Content-Length).'),
  size_bytes: z.number().int(),
  created_at: z.string(),
  upload_url_expires_at: z.string(),
  expires_at: z
    .string()
    .describe(`Submit {"upload_id"} before this (${BULK_UPLOAD_VALID_SECONDS / 60} minutes after creation).`),
});
