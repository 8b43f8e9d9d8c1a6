/**
 * The route manifest: every endpoint of the spec, once. stacks/api.ts creates one API Gateway
 * route and one Lambda per entry from it, and the local server dispatches from it, so a route
 * that exists in one runtime exists in the other by construction.
 *
 * Only type imports here: stacks/ load this file, and must not pull in the service's runtime.
 */
import type { IdPrefix, KeyScope } from '@webcapture/service';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';

export interface Route {
  /** Stable name: used for the Lambda's name and for usage rows. */
  id: string;
  method: Method;
  /** API Gateway v2 path template: `{name}` for one segment. */
  path: string;
  /** `functions/<file>.ts`, exporting `handler`. */
  handler: string;
  /** null: no authentication (health, plans). */
  scope: KeyScope | null;
  /** Chromium is bundled only into functions that render. */
  browser: boolean;
  memoryMb: number;
  timeoutSeconds: number;
  /** A server-side switch (an environment variable that must be `true`); while off the route answers 404. */
  enabledBy?: 'SCHEMA_ENABLED';
  /**
   * The prefix of the `{id}` in the path (`sc` for `/v1/scrape/{id}`): an id not of that shape
   * (isIdOf) is answered 404 before any storage call. Every route whose `{id}` names a stored
   * resource sets it.
   */
  pathId?: IdPrefix;
  /**
   * Spec, Limits: a declared Content-Length above this is refused with 400 request_too_large before
   * the key is checked (bulk submissions). The local server hands such a request to the function
   * without reading its body, as the check needs only the header.
   */
  maxDeclaredBodyBytes?: number;
}

/** Spec, Limits: a bulk body may declare at most 20 MB (binary, like the plan catalogue). */
export const BULK_DECLARED_LIMIT_BYTES = 20 * 1024 * 1024;

type RouteInput = Omit<Route, 'browser' | 'memoryMb' | 'timeoutSeconds'> & Partial<Route>;

function route(input: RouteInput): Route {
  return { browser: false, memoryMb: 512, timeoutSeconds: 29, ...input };
}

/**
 * A bulk submission: records the job and queues its batches (workers capture). The three differ
 * only by kind — their id and path here; their body schemas in http's adapters/bulk-create.ts —
 * and share one handler.
 */
function bulkSubmission(id: string, path: string): Route {
  return route({
    id,
    method: 'POST',
    path,
    handler: 'functions/bulk-create.ts',
    scope: 'capture',
    memoryMb: 1024,
    maxDeclaredBodyBytes: BULK_DECLARED_LIMIT_BYTES,
  });
}

/** A bulk job's results download; the three kinds share one handler, as their submissions do. */
function bulkResults(id: string, path: string): Route {
  // An archive of thousands of items is built here when its worker could not: the longest a route may run.
  return route({
    id,
    method: 'GET',
    path,
    handler: 'functions/bulk-results.ts',
    scope: 'read',
    pathId: 'bk',
    memoryMb: 1024,
  });
}

/** The monitor routes; their checks run on the monitor-checks queue, or here for check-now. */
function monitorRoutes(): Route[] {
  const item = { scope: 'capture' as const, pathId: 'mo' as const };
  return [
    route({
      id: 'monitors-create',
      method: 'POST',
      path: '/v1/monitors',
      handler: 'functions/monitors-create.ts',
      scope: 'capture',
    }),
    route({
      id: 'monitors-list',
      method: 'GET',
      path: '/v1/monitors',
      handler: 'functions/monitors-list.ts',
      scope: 'read',
    }),
    route({
      id: 'monitors-get',
      method: 'GET',
      path: '/v1/monitors/{id}',
      handler: 'functions/monitors-get.ts',
      ...item,
      scope: 'read',
    }),
    route({
      id: 'monitors-update',
      method: 'PATCH',
      path: '/v1/monitors/{id}',
      handler: 'functions/monitors-update.ts',
      ...item,
    }),
    route({
      id: 'monitors-delete',
      method: 'DELETE',
      path: '/v1/monitors/{id}',
      handler: 'functions/monitors-delete.ts',
      ...item,
    }),
    // Check now: fetches the page (twice for a first baseline or a 404), within API Gateway's 30 s;
    // a monitor with `rendering` is rendered here, so the route carries the browser.
    route({
      id: 'monitors-check',
      method: 'POST',
      path: '/v1/monitors/{id}/check',
      handler: 'functions/monitors-check.ts',
      ...item,
      browser: true,
      memoryMb: 2048,
    }),
    route({
      id: 'monitors-checks-list',
      method: 'GET',
      path: '/v1/monitors/{id}/checks',
      handler: 'functions/monitors-checks-list.ts',
      ...item,
      scope: 'read',
    }),
  ];
}

// API Gateway HTTP APIs end every integration at 30 s, so synchronous routes stay under it.
export const ROUTES: readonly Route[] = [
  route({ id: 'health', method: 'GET', path: '/health', handler: 'functions/health.ts', scope: null }),
  route({
    id: 'plans-list',
    method: 'GET',
    path: '/v1/plans',
    handler: 'functions/plans-list.ts',
    scope: null,
  }),
  route({
    id: 'account-get',
    method: 'GET',
    path: '/v1/account',
    handler: 'functions/account-get.ts',
    scope: 'read',
  }),
  route({
    id: 'api-keys-create',
    method: 'POST',
    path: '/v1/account/api-keys',
    handler: 'functions/api-keys-create.ts',
    scope: 'keys',
  }),
  route({
    id: 'api-keys-list',
    method: 'GET',
    path: '/v1/account/api-keys',
    handler: 'functions/api-keys-list.ts',
    scope: 'keys',
  }),
  route({
    id: 'api-keys-rename',
    method: 'PATCH',
    path: '/v1/account/api-keys/{id}',
    handler: 'functions/api-keys-rename.ts',
    scope: 'keys',
    pathId: 'ak',
  }),
  route({
    id: 'api-keys-revoke',
    method: 'DELETE',
    path: '/v1/account/api-keys/{id}',
    handler: 'functions/api-keys-revoke.ts',
    scope: 'keys',
    pathId: 'ak',
  }),
  route({
    id: 'usage-by-endpoint',
    method: 'GET',
    path: '/v1/usage/by-endpoint',
    handler: 'functions/usage-by-endpoint.ts',
    scope: 'read',
  }),
  route({
    id: 'webhook-deliveries-list',
    method: 'GET',
    path: '/v1/webhook-deliveries',
    handler: 'functions/webhook-deliveries-list.ts',
    scope: 'read',
  }),
  route({
    id: 'webhook-deliveries-redeliver',
    method: 'POST',
    path: '/v1/webhook-deliveries/{id}/redeliver',
    handler: 'functions/webhook-deliveries-redeliver.ts',
    scope: 'read',
    pathId: 'wd',
  }),
  route({
    id: 'webhook-secret-get',
    method: 'GET',
    path: '/v1/account/webhook-secret',
    handler: 'functions/webhook-secret-get.ts',
    scope: 'keys',
  }),
  route({
    id: 'webhook-secret-rotate',
    method: 'POST',
    path: '/v1/account/webhook-secret/rotate',
    handler: 'functions/webhook-secret-rotate.ts',
    scope: 'keys',
  }),
  route({
    id: 'scrape-create',
    method: 'POST',
    path: '/v1/scrape',
    handler: 'functions/scrape-create.ts',
    scope: 'capture',
    memoryMb: 1024,
  }),
  route({
    id: 'scrape-get',
    method: 'GET',
    path: '/v1/scrape/{id}',
    handler: 'functions/scrape-get.ts',
    scope: 'read',
    pathId: 'sc',
  }),
  route({
    id: 'fetch-post',
    method: 'POST',
    path: '/v1/fetch',
    handler: 'functions/fetch-post.ts',
    scope: 'capture',
    memoryMb: 1024,
  }),
  route({
    id: 'fetch-get',
    method: 'GET',
    path: '/v1/fetch',
    handler: 'functions/fetch-get.ts',
    scope: 'capture',
    memoryMb: 1024,
  }),
  route({
    id: 'screenshots-create',
    method: 'POST',
    path: '/v1/screenshots',
    handler: 'functions/screenshots-create.ts',
    scope: 'capture',
    browser: true,
    memoryMb: 2048,
  }),
  route({
    id: 'screenshots-get',
    method: 'GET',
    path: '/v1/screenshots/{id}',
    handler: 'functions/screenshots-get.ts',
    scope: 'read',
  }),
  // Signed content URLs (image_url, content_url): the token is the credential, no API key.
  route({
    id: 'content-get',
    method: 'GET',
    path: '/v1/content/{token}',
    handler: 'functions/content-get.ts',
    scope: null,
  }),
  bulkSubmission('scrape-bulk-create', '/v1/scrape/bulk'),
  route({
    id: 'scrape-bulk-get',
    method: 'GET',
    path: '/v1/scrape/bulk/{id}',
    handler: 'functions/scrape-bulk-get.ts',
    scope: 'read',
    pathId: 'bk',
  }),
  bulkSubmission('fetch-bulk-create', '/v1/fetch/bulk'),
  route({
    id: 'fetch-bulk-get',
    method: 'GET',
    path: '/v1/fetch/bulk/{id}',
    handler: 'functions/fetch-bulk-get.ts',
    scope: 'read',
    pathId: 'bk',
  }),
  // A finished job's completed items as one download (README: docs/api/bulk-results.md).
  bulkResults('scrape-bulk-results', '/v1/scrape/bulk/{id}/results'),
  bulkResults('fetch-bulk-results', '/v1/fetch/bulk/{id}/results'),
  bulkResults('bulk-results', '/v1/bulk/{id}/results'),
  route({
    id: 'bulk-list',
    method: 'GET',
    path: '/v1/bulk',
    handler: 'functions/bulk-list.ts',
    scope: 'read',
  }),
  route({
    id: 'bulk-cancel',
    method: 'DELETE',
    path: '/v1/bulk/{id}',
    handler: 'functions/bulk-cancel.ts',
    scope: 'capture',
    pathId: 'bk',
  }),
  // The bulk screenshot job: records and queues it; the bulk-screenshots worker renders.
  bulkSubmission('bulk-create', '/v1/bulk'),
  // A pre-signed upload for a bulk body above the 6 MB request limit (README, Bulk jobs: Large bodies).
  route({
    id: 'bulk-uploads-create',
    method: 'POST',
    path: '/v1/bulk/uploads',
    handler: 'functions/bulk-uploads-create.ts',
    scope: 'capture',
  }),
  route({
    id: 'bulk-screenshots-list',
    method: 'GET',
    path: '/v1/bulk/{id}/screenshots',
    handler: 'functions/bulk-screenshots-list.ts',
    scope: 'read',
    pathId: 'bk',
  }),
  route({
    id: 'schema-extract',
    method: 'POST',
    path: '/v1/schema',
    handler: 'functions/schema-extract.ts',
    scope: 'capture',
    enabledBy: 'SCHEMA_ENABLED',
  }),
  // Web search through the configured providers; results optionally scraped (README, Search).
  route({
    id: 'search',
    method: 'POST',
    path: '/v1/search',
    handler: 'functions/search-post.ts',
    scope: 'capture',
    memoryMb: 1024,
  }),
  // A site's URLs from robots.txt, its sitemaps and the start page's links (README, Sitemap).
  route({
    id: 'sitemap-post',
    method: 'POST',
    path: '/v1/sitemap',
    handler: 'functions/sitemap-post.ts',
    scope: 'capture',
  }),
  // A sitemap job (POST /v1/sitemap with webhook_url) and its signed content_url.
  route({
    id: 'sitemap-get',
    method: 'GET',
    path: '/v1/sitemap/{id}',
    handler: 'functions/sitemap-get.ts',
    scope: 'read',
    pathId: 'sm',
  }),
  // Crawls: every page of a site, scraped by the crawl-pages worker (docs/api/crawl.md).
  route({
    id: 'crawl-create',
    method: 'POST',
    path: '/v1/crawl',
    handler: 'functions/crawl-create.ts',
    scope: 'capture',
  }),
  route({
    id: 'crawl-list',
    method: 'GET',
    path: '/v1/crawl',
    handler: 'functions/crawl-list.ts',
    scope: 'read',
  }),
  route({
    id: 'crawl-get',
    method: 'GET',
    path: '/v1/crawl/{id}',
    handler: 'functions/crawl-get.ts',
    scope: 'read',
    pathId: 'cr',
  }),
  route({
    id: 'crawl-cancel',
    method: 'DELETE',
    path: '/v1/crawl/{id}',
    handler: 'functions/crawl-cancel.ts',
    scope: 'capture',
    pathId: 'cr',
  }),
  // Billing through Stripe (README, Billing).
  route({
    id: 'billing-checkout',
    method: 'POST',
    path: '/v1/billing/checkout',
    handler: 'functions/billing-checkout.ts',
    scope: 'billing',
  }),
  route({
    id: 'billing-payment-methods-list',
    method: 'GET',
    path: '/v1/billing/payment-methods',
    handler: 'functions/billing-payment-methods-list.ts',
    scope: 'billing',
  }),
  route({
    id: 'billing-payment-method-put',
    method: 'PUT',
    path: '/v1/billing/payment-methods/{id}',
    handler: 'functions/billing-payment-method-default.ts',
    scope: 'billing',
  }),
  route({
    id: 'billing-payment-method-delete',
    method: 'DELETE',
    path: '/v1/billing/payment-methods/{id}',
    handler: 'functions/billing-payment-method-detach.ts',
    scope: 'billing',
  }),
  // Stripe's signed events: no API key, the Stripe-Signature header is the authentication.
  route({
    id: 'billing-webhook',
    method: 'POST',
    path: '/v1/billing/webhook',
    handler: 'functions/billing-webhook.ts',
    scope: null,
  }),
  // Recordings of captures, as WACZ web archives (docs/api/recordings.md).
  route({
    id: 'recordings-list',
    method: 'GET',
    path: '/v1/recordings',
    handler: 'functions/recordings-list.ts',
    scope: 'read',
  }),
  route({
    id: 'recordings-get',
    method: 'GET',
    path: '/v1/recordings/{id}',
    handler: 'functions/recordings-get.ts',
    scope: 'read',
    pathId: 'rc',
  }),
  route({
    id: 'recordings-delete',
    method: 'DELETE',
    path: '/v1/recordings/{id}',
    handler: 'functions/recordings-delete.ts',
    scope: 'capture',
    pathId: 'rc',
  }),
  // Monitors: pages checked on a schedule for real changes (docs/api/monitors.md).
  ...monitorRoutes(),
];

/**
 * Unmatched requests go to this function on both runtimes (API Gateway's `$default` route), so a
 * wrong path or method still answers with the error envelope.
 */
export const FALLBACK_HANDLER = 'functions/fallback.ts';

export function routeById(id: string): Route {
  const found = ROUTES.find((r) => r.id === id);
  if (!found) throw new Error(`unknown route id ${id}`);
  return found;
}

/** The route an API Gateway routeKey (`POST /v1/schema`) names. */
export function routeByKey(routeKey: string): Route | undefined {
  return ROUTES.find((r) => `${r.method} ${r.path}` === routeKey);
}

/** Matches a concrete path against a template; returns the path parameters or null. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return null;
      const value = decodeSegment(g);
      if (value === null) return null;
      params[w.slice(1, -1)] = value;
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

/** A malformed percent-encoding (`%ZZ`) names no resource: the path matches nothing (404). */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export type Resolution =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: Method[] }
  | { kind: 'not_found' };

/** The one routing decision both runtimes share (the local server and the AWS fallback). */
export function resolveRoute(method: string, path: string): Resolution {
  const allowed: Method[] = [];
  for (const r of ROUTES) {
    const params = matchPath(r.path, path);
    if (!params) continue;
    if (r.method === 'ANY' || r.method === method.toUpperCase()) return { kind: 'route', route: r, params };
    allowed.push(r.method);
  }
  return allowed.length ? { kind: 'method_not_allowed', allowed } : { kind: 'not_found' };
}
