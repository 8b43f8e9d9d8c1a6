import middy from '@middy/core';
import { ApiError } from '@webcapture/errors';
import type { RequestMeter } from '@webcapture/scraping';
import { featureEnabled, type Principal } from '@webcapture/service';
import { injectLambdaContext, logger, logMetrics, metrics } from '@webcapture/telemetry';
import type { Context } from 'aws-lambda';
import { z } from 'zod';
import type { HttpResponse } from './envelope';
import { canonicalFieldNames } from './field-names';
import { type AdmissionOptions, admission, requestMeter } from './middleware/admission';
import { authenticate } from './middleware/authenticate';
import { deliverableResponse } from './middleware/deliverable-response';
import { errorEnvelope } from './middleware/error-envelope';
import { jsonBody } from './middleware/json-body';
import { pathId } from './middleware/path-id';
import { rateLimitHeaders } from './middleware/rate-limit-headers';
import { answerLogLine, requestLogKeys } from './middleware/request-log-keys';
import { type ApiEvent, stateOf } from './request';
import { type Route, routeById } from './routes';
import { validate } from './validation';

export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType> {
  body?: B;
  /** Documentation only: another body the route takes in place of `body` (a bulk upload's reference). */
  bodyAlternative?: z.ZodType;
  query?: Q;
  bodyLimitBytes?: number;
  /** Where the request input comes from when not the JSON body (GET /v1/fetch: the query). */
  input?: (event: ApiEvent) => unknown;
  /** The status of field errors: 422, except where the spec's error table says 400 (/v1/search). */
  fieldErrorStatus?: 400 | 422;
  /** Rejections the spec puts before schema validation (400s), given the raw input; may resolve names. */
  precheck?: (input: unknown) => void | Promise<void>;
  /** Capture routes: rate, concurrency and quota admission, then settle or roll back. */
  metered?: Omit<AdmissionOptions, 'endpoint'>;
  /** Checks on the raw request that must run before the key is verified (bulk body limits). */
  beforeAuth?: (event: ApiEvent) => void;
  /** Checks that need the caller's account, before validation (the account's max_bulk_size). */
  afterAuth?: (event: ApiEvent, principal: Principal) => Promise<void>;
}

/** Time kept back from a capture to build, store and send the answer. */
const RESPONSE_RESERVE_MS = 2500;

/**
 * The deadline a synchronous capture may use: the caller's timeout_ms, shortened to what the
 * function has left (API Gateway ends every request at 30 s, whatever timeout_ms says).
 */
export function captureBudget(requestedMs: number, remainingMs: number | undefined): number {
  if (remainingMs === undefined) return requestedMs;
  return Math.max(1, Math.min(requestedMs, remainingMs - RESPONSE_RESERVE_MS));
}

export interface RouteInput<B extends z.ZodType, Q extends z.ZodType> {
  /** timeout_ms as far as the platform allows; see captureBudget. */
  captureBudgetMs: (requestedMs: number) => number;
  body: z.output<B>;
  query: z.output<Q>;
  params: Record<string, string>;
  principal: Principal;
  /** Metered routes: what the use case bills, and its hand-over of the admission to a queued job. */
  meter: RequestMeter;
  event: ApiEvent;
}

/** What a capture route's adapter reads: the validated body, the caller, the meter and the deadline. */
export type CaptureRouteInput<B extends z.ZodType> = Pick<
  RouteInput<B, z.ZodUnknown>,
  'body' | 'principal' | 'meter' | 'captureBudgetMs' | 'event'
>;

type Handler<B extends z.ZodType, Q extends z.ZodType> = (input: RouteInput<B, Q>) => Promise<HttpResponse>;

const registeredSpecs = new Map<string, RouteSpec<z.ZodType, z.ZodType>>();

/** Request schemas by route id, as the handlers declared them: the OpenAPI description's source. */
export function registeredRouteSpecs(): ReadonlyMap<string, RouteSpec<z.ZodType, z.ZodType>> {
  return registeredSpecs;
}

/**
 * Logging, metrics, error envelope and rate headers, which every request gets whatever answers
 * it. The request's log keys go first, so even an event logged by injectLambdaContext carries
 * them; the logger and metrics next, so they finish last: every line of the request, the
 * envelope's included, has its keys before resetKeys, and the counts are flushed once known.
 */
function envelopedChain() {
  return middy<ApiEvent, HttpResponse>()
    .use(requestLogKeys())
    .use(injectLambdaContext(logger(), { resetKeys: true }))
    .use(logMetrics(metrics()))
    .use(answerLogLine())
    .use(rateLimitHeaders())
    .use(errorEnvelope());
}

type LambdaHandler = (event: ApiEvent, context: Context) => Promise<HttpResponse>;

/**
 * One handler file behind several manifest rows (the bulk kinds): each row's chain is built once,
 * and a request runs the one its route key names — API Gateway and the local server both set it.
 */
export function dispatchByRouteKey(chains: ReadonlyArray<{ routeId: string; handler: LambdaHandler }>) {
  const byRouteKey = new Map(
    chains.map(({ routeId, handler }) => {
      const route = routeById(routeId);
      return [`${route.method} ${route.path}`, handler];
    }),
  );
  const unknown = defineBareHandler(async (event) => {
    throw new ApiError('not_found', `Nothing is served at ${event.routeKey}.`);
  });
  return (event: ApiEvent, context: Context) => (byRouteKey.get(event.routeKey) ?? unknown)(event, context);
}

/** For handlers outside the manifest's request lifecycle: the fallback. */
export function defineBareHandler(handler: (event: ApiEvent) => Promise<HttpResponse>) {
  return envelopedChain().handler(handler);
}

/** The 404 of a switched-off route names its switch, so an operator knows what turns it on. */
function switchedOff(event: ApiEvent, setting: NonNullable<Route['enabledBy']>): ApiError {
  const { method, path } = event.requestContext.http;
  return new ApiError(
    'not_found',
    `${method} ${path} is not enabled on this deployment; the deployment setting ${setting}=true switches it on.`,
    { details: { setting } },
  );
}

/** A route behind a server-side switch answers 404 while it is off, before anything else runs. */
function featureSwitch(name: NonNullable<Route['enabledBy']>): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    before: async ({ event }) => {
      if (!featureEnabled(name)) throw switchedOff(event, name);
    },
  };
}

/** Precheck (400s), then zod (422s, or the route's fieldErrorStatus): the validated input waits in the request state. */
function validateInput(spec: RouteSpec<z.ZodType, z.ZodType>): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    before: async ({ event }) => {
      const state = stateOf(event);
      const sent = spec.input ? spec.input(event) : state.body;
      // Aliases renamed before the prechecks, so they judge one spelling (README: field names).
      const input = spec.body ? canonicalFieldNames(spec.body, sent) : sent;
      await spec.precheck?.(input);
      state.input = {
        body: validate(spec.body ?? z.unknown(), input, 'body', spec.fieldErrorStatus),
        query: validate(
          spec.query ?? z.unknown(),
          event.queryStringParameters,
          'query',
          spec.fieldErrorStatus,
        ),
      };
    },
  };
}

/**
 * The one place the middlewares are composed, in the order of the request lifecycle: envelope
 * and rate headers wrap everything; then body size and JSON, authentication, the path id's
 * shape (the manifest's `pathId`), validation, and
 * admission on metered routes — so a request that is refused never takes a slot or a rate token.
 * Handlers receive typed, validated input and return a response; they never format errors.
 */
export function defineRoute<B extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown>(
  routeId: string,
  spec: RouteSpec<B, Q>,
  handler: Handler<B, Q>,
) {
  const route = routeById(routeId);
  registeredSpecs.set(routeId, spec);
  const chain = envelopedChain();
  if (route.enabledBy) chain.use(featureSwitch(route.enabledBy));
  const { beforeAuth, afterAuth } = spec;
  if (beforeAuth) chain.use({ before: ({ event }) => beforeAuth(event) });
  chain.use(jsonBody(spec.bodyLimitBytes));
  if (route.scope) chain.use(authenticate(route.scope));
  if (route.path.includes('{id}')) chain.use(pathId(route.pathId));
  if (afterAuth)
    chain.use({ before: ({ event }) => afterAuth(event, stateOf(event).principal as Principal) });
  chain.use(validateInput(spec));
  if (spec.metered) chain.use(admission({ endpoint: route.path, ...spec.metered }));
  // Last in, so its check runs first on the way out: before admission settles the charge.
  chain.use(deliverableResponse());
  return chain.handler(async (event, context) => {
    const state = stateOf(event);
    return handler({
      captureBudgetMs: (requestedMs) => captureBudget(requestedMs, context.getRemainingTimeInMillis?.()),
      body: state.input?.body as z.output<B>,
      query: state.input?.query as z.output<Q>,
      params: (event.pathParameters ?? {}) as Record<string, string>,
      // Set by authenticate() on every route with a scope; public routes never read it.
      principal: state.principal as Principal,
      meter: requestMeter(event),
      event,
    });
  });
}
