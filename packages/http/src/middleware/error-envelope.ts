import type middy from '@middy/core';
import { ApiError, isApiError } from '@webcapture/errors';
import { logger } from '@webcapture/telemetry';
import { errorResponse, type HttpResponse } from '../envelope';
import type { ApiEvent } from '../request';

/**
 * Turns anything thrown below it into the error envelope. Unknown errors are logged (the request's
 * keys are on the line) and answered as a bare internal_error: no stack, message or internals leave.
 */
export function errorEnvelope(): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    onError: async (request) => {
      const error = request.error;
      let apiError: ApiError;
      if (isApiError(error)) {
        apiError = error;
      } else {
        const requestId = request.event.requestContext?.requestId;
        logger().error('request failed inside the service', { error });
        apiError = new ApiError(
          'internal_error',
          'The request failed inside the service; retry with backoff.',
          {
            details: requestId ? { request_id: requestId } : undefined,
          },
        );
      }
      const previous = request.response?.headers ?? {};
      const response = errorResponse(apiError);
      request.response = { ...response, headers: { ...previous, ...response.headers } };
    },
  };
}
