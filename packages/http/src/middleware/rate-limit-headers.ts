import type middy from '@middy/core';
import { DEFAULT_PLAN_ID, findPlan } from '@webcapture/service';
import type { HttpResponse } from '../envelope';
import { type ApiEvent, stateOf } from '../request';

/**
 * X-RateLimit-* on every response, errors included. Admission fills in the account's real window;
 * requests that never reach it (public routes, rejected auth) report the default plan's limit.
 */
export function rateLimitHeaders(): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  const apply = async (request: middy.Request<ApiEvent, HttpResponse>) => {
    if (!request.response) return;
    const limit = findPlan(DEFAULT_PLAN_ID)?.requests_per_second ?? 1;
    const rate = stateOf(request.event).rate ?? {
      limit,
      remaining: limit,
      resetEpochSeconds: Math.floor(Date.now() / 1000) + 1,
    };
    request.response.headers = {
      ...request.response.headers,
      'x-ratelimit-limit': String(rate.limit),
      'x-ratelimit-remaining': String(Math.max(0, rate.remaining)),
      'x-ratelimit-reset': String(rate.resetEpochSeconds),
    };
  };
  return { after: apply, onError: apply };
}
