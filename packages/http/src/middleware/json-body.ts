import type middy from '@middy/core';
import { ApiError } from '@webcapture/errors';
import type { HttpResponse } from '../envelope';
import { type ApiEvent, header, stateOf } from '../request';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../schemas/json-depth';

export const DEFAULT_BODY_LIMIT_BYTES = 512 * 1024;

export function rawBody(event: ApiEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/** Size cap first (400 request_too_large), then JSON (422 validation_error when malformed). */
export function jsonBody(limitBytes = DEFAULT_BODY_LIMIT_BYTES): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    before: async (request) => {
      const bytes = rawBody(request.event);
      if (bytes.length > limitBytes) {
        throw new ApiError(
          'request_too_large',
          `The request body is ${bytes.length} bytes; the limit is ${limitBytes}.`,
          {
            details: { limit_bytes: limitBytes, received_bytes: bytes.length },
          },
        );
      }
      if (bytes.length === 0) return;
      const type = header(request.event, 'content-type') ?? 'application/json';
      if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
        throw new ApiError('validation_error', `Send the body as application/json, not ${type}.`, {
          status: 422,
          details: { content_type: type },
        });
      }
      stateOf(request.event).body = parseJsonBody(bytes);
    },
  };
}

/**
 * A body's JSON, or 422 validation_error (also for a bulk body read from its upload): malformed,
 * or nested deeper than MAX_BODY_DEPTH, refused before anything walks it (README: Errors).
 */
export function parseJsonBody(bytes: Buffer): unknown {
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new ApiError('validation_error', `The body is not valid JSON: ${(error as Error).message}`, {
      status: 422,
    });
  }
  if (nestsDeeperThan(body, MAX_BODY_DEPTH)) {
    throw new ApiError(
      'validation_error',
      `The body nests objects and arrays more than ${MAX_BODY_DEPTH} levels deep.`,
      { status: 422, details: { reason: 'nesting_too_deep', limit_depth: MAX_BODY_DEPTH } },
    );
  }
  return body;
}
