/**
 * Least privilege: which resources each function is linked to. A link grants IAM on that one
 * resource only (SST scopes the policy to its ARN), so a function that is not linked to the bucket
 * cannot touch it. Pure data so .ci/check-infra can check that every id below still exists.
 */
import type { Route } from '../packages/http/src/routes';
import type { QueueDefinition, ScheduleDefinition } from '../packages/service/src/queues';

/** `queues` means every queue in QUEUES: producers send to them, workers re-queue for backoff. */
export type Grant = 'table' | 'bucket' | 'queues' | 'proxyUrls' | 'contentUrlSecret' | 'stripe';

type Scope = NonNullable<Route['scope']>;

const BY_SCOPE: Record<Scope, readonly Grant[]> = {
  // Capture writes cached bodies and screenshots to S3 and queues async jobs and webhooks.
  capture: ['table', 'bucket', 'queues'],
  // Reads of jobs and screenshots hand out signed content URLs (image_url, content_url).
  read: ['table', 'bucket', 'contentUrlSecret'],
  keys: ['table'],
  // The Stripe API key and webhook secret: only billing functions see them.
  billing: ['table', 'stripe'],
};

/** Routes without authentication (plans) read the table at most. */
const PUBLIC: readonly Grant[] = ['table'];

/** Functions that fetch pages also get the egress proxies; no other function sees their credentials. */
const CAPTURING: readonly Grant[] = [...BY_SCOPE.capture, 'proxyUrls'];

/** Where a route needs other than its scope's grants. */
export const ROUTE_GRANTS: Record<string, readonly Grant[]> = {
  'scrape-create': CAPTURING,
  'fetch-post': CAPTURING,
  'fetch-get': CAPTURING,
  'schema-extract': CAPTURING,
  // Answers with the record, whose image_url it signs.
  'screenshots-create': [...CAPTURING, 'contentUrlSecret'],
  // GET /health checks each dependency it reports on.
  health: ['table', 'bucket', 'queues'],
  'account-get': ['table'],
  'usage-by-endpoint': ['table'],
  'webhook-deliveries-list': ['table'],
  // Bulk submissions record the job and queue its batches; the bulk-items worker captures. The
  // bucket: a submission naming a pre-signed upload reads and deletes its object.
  'scrape-bulk-create': ['table', 'bucket', 'queues'],
  'fetch-bulk-create': ['table', 'bucket', 'queues'],
  'bulk-create': ['table', 'bucket', 'queues'],
  // Records an upload and pre-signs its PUT: the URL carries this function's right to write the bucket.
  'bulk-uploads-create': ['table', 'bucket'],
  'bulk-cancel': ['table'],
  // Redelivery queues the delivery again.
  'webhook-deliveries-redeliver': ['table', 'queues'],
  // Redeems signed content URLs: verifies the token, pre-signs a GET of the object.
  'content-get': ['bucket', 'contentUrlSecret'],
  // Stripe's signed events: verifies with the webhook secret, writes the account.
  'billing-webhook': ['table', 'stripe'],
};

/** Routes with the capture scope that capture nothing themselves (so they get no proxy map). */
export const NON_CAPTURING_ROUTES: readonly string[] = [
  'scrape-bulk-create',
  'fetch-bulk-create',
  'bulk-create',
  'bulk-cancel',
  'bulk-uploads-create',
];

/** The `$default` route only writes 404/405 envelopes; the table is there for key lookups. */
export const FALLBACK_GRANTS: readonly Grant[] = ['table'];

const WORKER_DEFAULT: readonly Grant[] = ['table', 'bucket', 'queues'];

/** Where a worker needs other than the default. */
export const WORKER_GRANTS: Record<string, readonly Grant[]> = {
  // Runs queued scrapes on the fast path, so it captures like the scrape route.
  'scrape-jobs': [...WORKER_DEFAULT, 'proxyUrls'],
  // Renders queued scrapes; the guard proxy chains to the country's proxy like the fast path.
  'scrape-render': [...WORKER_DEFAULT, 'proxyUrls'],
  // Runs bulk scrape and fetch items on the fast path, stores results, re-queues busy batches.
  'bulk-items': [...WORKER_DEFAULT, 'proxyUrls'],
  // Renders bulk screenshot items (the browser worker of bulk jobs), stores images, re-queues busy batches.
  'bulk-screenshots': [...WORKER_DEFAULT, 'proxyUrls'],
  // Reads the account's signing secret and records each attempt in the table; holds a message
  // back (its visibility) until the next attempt is due.
  webhooks: ['table', 'queues'],
  // Renders like the screenshots route; its webhooks carry a signed image_url.
  screenshots: [...WORKER_DEFAULT, 'proxyUrls', 'contentUrlSecret'],
};

export function routeGrants(route: Route): readonly Grant[] {
  return ROUTE_GRANTS[route.id] ?? (route.scope ? BY_SCOPE[route.scope] : PUBLIC);
}

export function workerGrants(queue: QueueDefinition): readonly Grant[] {
  return WORKER_GRANTS[queue.name] ?? WORKER_DEFAULT;
}

/**
 * Dead-letter workers record failures in the table and queue their webhooks; they capture
 * nothing, so neither the bucket nor the proxies.
 */
export const DEAD_LETTER_GRANTS: readonly Grant[] = ['table', 'queues'];

/** Scheduled functions: the webhook sweep reads the pending index and queues webhook messages. */
export const SCHEDULE_GRANTS: Record<string, readonly Grant[]> = {
  'webhook-sweep': ['table', 'queues'],
};

export function scheduleGrants(schedule: ScheduleDefinition): readonly Grant[] {
  return SCHEDULE_GRANTS[schedule.name] ?? ['table'];
}
