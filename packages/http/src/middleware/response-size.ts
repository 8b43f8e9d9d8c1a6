import type middy from '@middy/core';
import { ApiError } from '@webcapture/errors';
import type { HttpResponse } from '../envelope';
import type { ApiEvent } from '../request';

/**
 * Lambda returns at most 6 MB through API Gateway; a larger answer would reach the client as a
 * bare gateway error. Refuse it in the envelope instead, before metering settles, so it costs
 * nothing. Headers need room too, hence the margin.
 */
export const MAX_RESPONSE_BYTES = 6 * 1024 * 1024 - 64 * 1024;

export function responseSizeLimit(): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    after: async (request) => {
      const body = request.response?.body ?? '';
      const bytes = Buffer.byteLength(body, 'utf8');
      if (bytes <= MAX_RESPONSE_BYTES) return;
      throw new ApiError(
        'internal_error',
        `The answer would be ${bytes} bytes; responses are limited to ${MAX_RESPONSE_BYTES}. Ask for fewer formats, or markdown instead of the raw page.`,
        { details: { reason: 'response_too_large', limit_bytes: MAX_RESPONSE_BYTES, response_bytes: bytes } },
      );
    },
  };
}
