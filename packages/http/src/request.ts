import type { Principal } from '@webcapture/service';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export type ApiEvent = APIGatewayProxyEventV2;

/** What the middlewares learn about a request, in the order they run. */
export interface RequestState {
  /** Parsed JSON body; undefined when the request had none. */
  body?: unknown;
  principal?: Principal;
  /** Validated body and query, as the route's schemas output them. */
  input?: { body: unknown; query: unknown };
  rate?: { limit: number; remaining: number; resetEpochSeconds: number };
}

export function header(event: ApiEvent, name: string): string | undefined {
  return event.headers?.[name.toLowerCase()];
}

const states = new WeakMap<ApiEvent, RequestState>();

/**
 * Per-request state, keyed by the event object so middlewares (which see middy's request) and
 * the handler (which sees only the event) share it without widening the event type.
 */
export function stateOf(event: ApiEvent): RequestState {
  let state = states.get(event);
  if (!state) {
    state = {};
    states.set(event, state);
  }
  return state;
}
