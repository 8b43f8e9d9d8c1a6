import type middy from '@middy/core';
import { ApiError } from '@webcapture/errors';
import type { HttpResponse } from '../envelope';
import type { ApiEvent } from '../request';

/**
 * Lambda returns at most 6 MB through API Gateway, counted on its response payload (the body
 * escaped again, below); a larger answer would reach the client as a bare gateway error. Headers
 * need room too, hence the margin.
 */
export const MAX_RESPONSE_BYTES = 6 * 1024 * 1024 - 64 * 1024;

/**
 * A body's size inside Lambda's response payload, where the body is a JSON string: `"`, `\` and
 * control characters are escaped once more (+5% on a real page's JSON, far more on some).
 */
export function lambdaPayloadBytes(body: string): number {
  return Buffer.byteLength(JSON.stringify(body), 'utf8');
}

/** RFC 9110 field-value characters, what Node's HTTP server accepts (tab, visible ASCII, obs-text). */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Refuses, in the envelope, an answer the platform could not deliver (too large, or a header value
 * HTTP cannot carry) — before metering settles, so it costs nothing. Past this point a failure
 * would be a bare gateway 500 on a request already charged.
 */
export function deliverableResponse(): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    after: async (request) => {
      const response = request.response;
      if (!response) return;
      const bytes = lambdaPayloadBytes(response.body ?? '');
      if (bytes > MAX_RESPONSE_BYTES) {
        throw new ApiError(
          'internal_error',
          `The answer would be ${bytes} bytes; responses are limited to ${MAX_RESPONSE_BYTES}. Ask for fewer formats, or markdown instead of the raw page.`,
          {
            details: { reason: 'response_too_large', limit_bytes: MAX_RESPONSE_BYTES, response_bytes: bytes },
          },
        );
      }
      const unsendable = Object.keys(response.headers).filter(
        (name) => !FIELD_VALUE.test(String(response.headers[name])),
      );
      if (unsendable.length === 0) return;
      throw new ApiError('internal_error', 'The answer had a header HTTP cannot carry, so it was not sent.', {
        details: { reason: 'invalid_response_header', headers: unsendable },
      });
    },
  };
}
