import type middy from '@middy/core';
import { DEFAULT_PLAN_ID, findPlan, peekRate, type RateState } from '@webcapture/service';
import type { HttpResponse } from '../envelope';
import { type ApiEvent, stateOf } from '../request';

/**
 * X-RateLimit-* on every response, errors included. Admission fills in the window it counted the
 * request in; other authenticated requests report their account's current window; requests with
 * no account (public routes, refused keys, unknown paths) report the default plan's limit.
 */
export function rateLimitHeaders(): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  const apply = async (request: middy.Request<ApiEvent, HttpResponse>) => {
    if (!request.response) return;
    const rate = await rateOf(request.event);
    request.response.headers = { ...request.response.headers, ...rateHeaders(rate) };
  };
  return { after: apply, onError: apply };
}

async function rateOf(event: ApiEvent): Promise<RateState> {
  const state = stateOf(event);
  if (state.rate) return state.rate;
  if (state.principal) {
    // Headers must never turn an answer into a failure: a storage hiccup here falls back.
    const peeked = await peekRate(state.principal.accountId).catch(() => undefined);
    if (peeked) return peeked;
  }
  return defaultRate();
}

/** Where no account is known: the default plan's limit, untouched. */
export function defaultRate(): RateState {
  const limit = findPlan(DEFAULT_PLAN_ID)?.requests_per_second ?? 1;
  return { limit, remaining: limit, resetEpochSeconds: Math.floor(Date.now() / 1000) + 1 };
}

export function rateHeaders(rate: RateState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(rate.limit),
    'x-ratelimit-remaining': String(Math.max(0, rate.remaining)),
    'x-ratelimit-reset': String(rate.resetEpochSeconds),
  };
}
