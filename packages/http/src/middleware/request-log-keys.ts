import type middy from '@middy/core';
import { logger } from '@webcapture/telemetry';
import type { HttpResponse } from '../envelope';
import type { ApiEvent } from '../request';

/**
 * The request's keys on every log line it writes: API Gateway's request id (the one a caller
 * sees in `apigw-requestid` and an internal_error's details) and the route; authenticate() adds
 * the account. Goes before injectLambdaContext, so an event logged there carries them too; that
 * middleware's resetKeys clears them when the request ends.
 */
export function requestLogKeys(): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    before: ({ event }) => {
      logger().appendKeys({ request_id: event.requestContext?.requestId, route: event.routeKey });
    },
  };
}

/** With LOG_LEVEL=DEBUG, one line per request saying how it was answered, with the request's keys. */
export function answerLogLine(): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  const answered = (request: middy.Request<ApiEvent, HttpResponse>) =>
    logger().debug('request answered', { status: request.response?.statusCode });
  return { after: answered, onError: answered };
}
