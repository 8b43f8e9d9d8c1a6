/**
 * Least privilege: what each function calls, declared per route, queue worker and schedule, and
 * turned into IAM statements by stacks/lambda.ts (no SST links for the table, bucket or queues:
 * a link grants `dynamodb:*`, `s3:*` or `sqs:*`). Pure data, so .ci/check-infra can check that
 * every id exists, that no statement has a wildcard, and that each function gets exactly this.
 */
import type { Route } from '../packages/http/src/routes';
import type { OBJECT_RETENTION } from '../packages/service/src/object-retention';
import type { QueueDefinition, ScheduleDefinition } from '../packages/service/src/queues';
import type { SecretName } from '../packages/service/src/secret-names';
import type { TABLE_SCHEMA } from '../packages/service/src/table-schema';

type ObjectClassName = keyof typeof OBJECT_RETENTION;
type IndexName = (typeof TABLE_SCHEMA)['listingIndex' | 'pendingIndex' | 'dueIndex']['name'];

export interface Uses {
  /** Item calls on the table: `read` (GetItem, Query, BatchGetItem, ConditionCheckItem) or `write` (also Put/Update/Delete/BatchWrite). */
  table?: 'read' | 'write';
  /** Indexes it queries. */
  indexes?: readonly IndexName[];
  /** S3 object calls by OBJECT_RETENTION prefix. */
  objects?: {
    read?: readonly ObjectClassName[];
    write?: readonly ObjectClassName[];
    delete?: readonly ObjectClassName[];
  };
  /** HeadBucket (GET /health): s3:ListBucket on the bucket itself, no object. */
  headBucket?: boolean;
  /** Queues it sends messages to (QUEUES names). */
  sends?: readonly string[];
  /** GetQueueAttributes on every queue (GET /health). */
  inspectsQueues?: boolean;
  /** Secrets it reads at cold start (secret-names.ts). */
  secrets?: readonly SecretName[];
}

/** Every route with a key: the key lookup is one GetItem. */
const AUTHENTICATED: Uses = { table: 'read' };
/** Authenticated routes that also write: admission and usage rows, records, keys. */
const WRITES: Uses = { table: 'write' };
/** A fast-path capture: the cache and the country's proxy. */
const FAST_CAPTURE: Uses = {
  table: 'write',
  objects: { read: ['cache'], write: ['cache'] },
  secrets: ['PROXY_URLS'],
};
/** A bulk submission: records the job, queues its batches, reads and deletes a named upload. */
const bulkSubmission = (queue: string): Uses => ({
  table: 'write',
  objects: { read: ['bulkUploads'], delete: ['bulkUploads'] },
  sends: [queue, 'webhooks'],
});
/** Reads that hand out signed content URLs (image_url, content_url). */
const SIGNS_URLS: Uses = { table: 'read', secrets: ['CONTENT_URL_SECRET'] };
const BULK_RESULTS: Uses = {
  table: 'write',
  objects: { read: ['bulk'], write: ['bulk'] },
  secrets: ['CONTENT_URL_SECRET'],
};

/**
 * A monitor check: fetches past the cache, stores the snapshot and baseline, writes the snapshot's
 * search-index item (table), queues its webhook.
 */
const MONITOR_CHECK: Uses = {
  table: 'write',
  objects: { read: ['monitorBaselines'], write: ['monitorChecks', 'monitorBaselines'] },
  sends: ['webhooks'],
  secrets: ['PROXY_URLS'],
};

/** Per route id; built routes not listed here read the table to authenticate (or nothing when public). */
export const ROUTE_USES: Record<string, Uses> = {
  // GET /health checks each dependency it reports on, with one cheap call each.
  health: { table: 'read', headBucket: true, inspectsQueues: true },
  'plans-list': {},
  // Redeems signed content URLs: pre-signs a GET of the object, or reads a byte range of it.
  'content-get': {
    objects: { read: ['bulk', 'screenshots', 'scrapes', 'sitemaps', 'recordings', 'crawl', 'monitorChecks'] },
    secrets: ['CONTENT_URL_SECRET'],
  },
  'api-keys-create': WRITES,
  'api-keys-rename': WRITES,
  'api-keys-revoke': WRITES,
  // The first read creates the account's secret.
  'webhook-secret-get': WRITES,
  'webhook-secret-rotate': WRITES,
  'webhook-deliveries-redeliver': { table: 'write', sends: ['webhooks'] },
  // Sync scrapes keep their result for GET /v1/scrape/{id}; async ones are queued. Both routes
  // answer a result over 4 MiB with a signed content_url to it.
  // Also stores a recorded fast-path scrape's archive and reads one back to replay it.
  'scrape-create': {
    ...FAST_CAPTURE,
    // A queued request too large for its record goes to job-requests/.
    objects: { read: ['cache', 'recordings'], write: ['cache', 'scrapes', 'jobRequests', 'recordings'] },
    sends: ['scrape-jobs', 'scrape-render'],
    secrets: ['PROXY_URLS', 'CONTENT_URL_SECRET'],
  },
  'scrape-get': { table: 'read', objects: { read: ['scrapes'] }, secrets: ['CONTENT_URL_SECRET'] },
  'fetch-post': FAST_CAPTURE,
  'fetch-get': FAST_CAPTURE,
  'schema-extract': FAST_CAPTURE,
  // Scrapes its results like the scrape route (cache, proxies, no stored result); the only
  // function that reads the search providers' keys.
  search: { ...FAST_CAPTURE, secrets: ['PROXY_URLS', 'BRAVE_API_KEY', 'SERPER_API_KEY'] },
  // Fetches robots.txt, sitemaps and the start page directly (no country proxy, no cache); bills a usage row.
  // With webhook_url it records the job and queues it instead.
  'sitemap-post': { table: 'write', sends: ['sitemap-jobs'] },
  'sitemap-get': SIGNS_URLS,
  // Renders (no cache); answers with a signed image_url; past the hold the worker takes over.
  'screenshots-create': {
    table: 'write',
    objects: { write: ['screenshots', 'jobRequests', 'recordings'] },
    sends: ['screenshots', 'webhooks'],
    secrets: ['PROXY_URLS', 'CONTENT_URL_SECRET'],
  },
  'screenshots-get': SIGNS_URLS,
  'scrape-bulk-create': bulkSubmission('bulk-items'),
  'fetch-bulk-create': bulkSubmission('bulk-items'),
  'bulk-create': bulkSubmission('bulk-screenshots'),
  // Records an upload and pre-signs its PUT: the URL carries this function's right to write.
  'bulk-uploads-create': { table: 'write', objects: { write: ['bulkUploads'] } },
  'bulk-cancel': WRITES,
  'bulk-list': { table: 'read', indexes: ['gsi1'] },
  'scrape-bulk-get': SIGNS_URLS,
  'fetch-bulk-get': SIGNS_URLS,
  'bulk-screenshots-list': SIGNS_URLS,
  'recordings-list': SIGNS_URLS,
  'recordings-get': SIGNS_URLS,
  // The record, then its archive.
  'recordings-delete': { table: 'write', objects: { delete: ['recordings'] } },
  // Records the crawl and its start URL, queues its first page.
  'crawl-create': { table: 'write', sends: ['crawl-pages'] },
  'crawl-list': AUTHENTICATED,
  // Reads the crawl (and ends one a crash left running, queueing its terminal event); signs content_urls.
  'crawl-get': { table: 'write', sends: ['webhooks'], secrets: ['CONTENT_URL_SECRET'] },
  // Ends queued URLs as cancelled and, when nothing is in flight, the crawl with its crawl.cancelled.
  'crawl-cancel': { table: 'write', sends: ['webhooks'] },
  // A finished job's one download: built on first read if its worker did not (reads the items'
  // results, writes the archive, records it on the job), then signed.
  'scrape-bulk-results': BULK_RESULTS,
  'fetch-bulk-results': BULK_RESULTS,
  'bulk-results': BULK_RESULTS,
  // Monitors: records in the table; check-now fetches the page like a scheduled check (no cache),
  // stores its snapshot and baseline, reads the baseline, and queues its webhook.
  'monitors-create': WRITES,
  'monitors-list': AUTHENTICATED,
  'monitors-get': AUTHENTICATED,
  'monitors-update': WRITES,
  'monitors-delete': WRITES,
  'monitors-check': MONITOR_CHECK,
  'monitors-checks-list': SIGNS_URLS,
  // Billing calls Stripe with the API key and records the customer and subscription on the account.
  'billing-checkout': { table: 'write', secrets: ['STRIPE_SECRET_KEY'] },
  'billing-payment-methods-list': { table: 'read', secrets: ['STRIPE_SECRET_KEY'] },
  'billing-payment-method-put': { table: 'read', secrets: ['STRIPE_SECRET_KEY'] },
  'billing-payment-method-delete': { table: 'read', secrets: ['STRIPE_SECRET_KEY'] },
  // Stripe's signed events: verified with the endpoint's signing secret, applied to the account.
  'billing-webhook': { table: 'write', secrets: ['STRIPE_WEBHOOK_SECRET'] },
};

/** The `$default` route answers 404/405 envelopes (and authenticates for the 501 routes). */
export const FALLBACK_USES: Uses = AUTHENTICATED;

/** Per queue name: what its worker calls. */
export const WORKER_USES: Record<string, Uses> = {
  // Runs queued scrapes on the fast path (hands one that needs a browser to scrape-render).
  'scrape-jobs': {
    ...FAST_CAPTURE,
    objects: { read: ['cache', 'jobRequests'], write: ['cache', 'scrapes', 'recordings'] },
    sends: ['scrape-render', 'webhooks'],
  },
  // Renders queued scrapes; the guard proxy chains to the country's proxy like the fast path.
  'scrape-render': {
    table: 'write',
    objects: { read: ['jobRequests'], write: ['scrapes', 'recordings'] },
    sends: ['webhooks'],
    secrets: ['PROXY_URLS'],
  },
  // Runs bulk scrape and fetch items, stores results, writes scrape items' search-index items
  // (table), re-queues busy batches; the worker that ends a job reads its results into the job's archive.
  'bulk-items': {
    ...FAST_CAPTURE,
    objects: { read: ['cache', 'bulk'], write: ['cache', 'bulk'] },
    sends: ['bulk-items', 'webhooks'],
  },
  // Renders bulk screenshot items, stores images, re-queues busy batches; zips a finished job's images.
  'bulk-screenshots': {
    table: 'write',
    objects: { read: ['bulk'], write: ['bulk'] },
    sends: ['bulk-screenshots', 'webhooks'],
    secrets: ['PROXY_URLS'],
  },
  // Scrapes crawl pages like bulk items (cache, proxies), stores results, reads robots.txt and
  // sitemaps, writes each page's search-index item (table), queues new frontier URLs and delayed
  // retries, and the crawl's events; copies an unchanged page's earlier result (read crawl); hands
  // the pages of crawls with `rendering` to crawl-render.
  'crawl-pages': {
    ...FAST_CAPTURE,
    objects: { read: ['cache', 'crawl'], write: ['cache', 'crawl'] },
    sends: ['crawl-pages', 'crawl-render', 'webhooks'],
  },
  // Renders the pages of crawls with `rendering` (no cache), stores results, reads robots.txt and
  // sitemaps, queues new frontier URLs (to crawl-pages) and its own delayed retries, and the events;
  // copies an unchanged page's earlier result (read crawl).
  'crawl-render': {
    table: 'write',
    objects: { read: ['crawl'], write: ['crawl'] },
    sends: ['crawl-pages', 'crawl-render', 'webhooks'],
    secrets: ['PROXY_URLS'],
  },
  // Reads the account's signing secret, records each attempt; holds a message back through its
  // own visibility (the subscription's grant), re-queues nothing else.
  webhooks: { table: 'write', sends: ['webhooks'] },
  // Maps a site as the sitemap route does, stores the answer, records and queues its webhook.
  'sitemap-jobs': { table: 'write', objects: { write: ['sitemaps'] }, sends: ['webhooks'] },
  // Renders like the screenshots route; its webhooks carry a signed image_url.
  screenshots: {
    table: 'write',
    objects: { read: ['jobRequests'], write: ['screenshots', 'recordings'] },
    sends: ['webhooks'],
    secrets: ['PROXY_URLS', 'CONTENT_URL_SECRET'],
  },
  // Runs due monitor checks, as check-now does; hands a monitor with `rendering` to monitor-render.
  'monitor-checks': { ...MONITOR_CHECK, sends: ['webhooks', 'monitor-render'] },
  // Renders due checks of monitors with `rendering` (the guard proxy chains to the country's proxy).
  'monitor-render': MONITOR_CHECK,
};

/** Dead-letter workers record failures and queue their webhooks; they capture nothing. */
export const DEAD_LETTER_USES: Uses = { table: 'write', sends: ['webhooks'] };

/**
 * The webhook sweep reads the pending index, ends abandoned screenshots, queues webhook messages.
 * The recovery sweep reads the same index's RECOVER# partitions, queues stuck batches again, and
 * fails those recovered too often (their failure webhooks go out).
 */
export const SCHEDULE_USES: Record<string, Uses> = {
  // Also re-queues sitemap jobs left without a worker or a message.
  'webhook-sweep': { table: 'write', indexes: ['pending'], sends: ['webhooks', 'sitemap-jobs'] },
  // Also sends async scrapes and screenshots again; failing one reads a large request from S3.
  'recovery-sweep': {
    table: 'write',
    indexes: ['pending'],
    objects: { read: ['jobRequests'] },
    sends: ['bulk-items', 'bulk-screenshots', 'scrape-jobs', 'scrape-render', 'screenshots', 'webhooks'],
  },
  // Lists active crawls (gsi1), re-sends URLs whose lease ran out, ends crawls and queues their events.
  'crawl-sweep': { table: 'write', indexes: ['gsi1'], sends: ['crawl-pages', 'webhooks'] },
  // Reads the due index and queues the due checks; writes nothing.
  'monitor-sweep': { table: 'read', indexes: ['due'], sends: ['monitor-checks'] },
};

export function routeUses(route: Route): Uses {
  return ROUTE_USES[route.id] ?? (route.scope ? AUTHENTICATED : {});
}

export function workerUses(queue: QueueDefinition): Uses {
  const uses = WORKER_USES[queue.name];
  if (!uses) throw new Error(`stacks/access.ts declares nothing for the ${queue.name} worker`);
  return uses;
}

export function scheduleUses(schedule: ScheduleDefinition): Uses {
  const uses = SCHEDULE_USES[schedule.name];
  if (!uses) throw new Error(`stacks/access.ts declares nothing for the ${schedule.name} schedule`);
  return uses;
}

const TABLE_ACTIONS = {
  read: ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'],
  write: ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
};

/** ARNs of what the statements name; placeholders in the dry run. */
export interface AccessTargets<Arn> {
  table: Arn;
  /** `<table>/index/<name>`. */
  index(name: string): Arn;
  bucket: Arn;
  /** `<bucket>/<prefix>*`. */
  objects(prefix: string): Arn;
  queue(name: string): Arn;
  allQueues: readonly Arn[];
  secret(name: SecretName): Arn;
}

export interface Statement<Arn> {
  actions: string[];
  resources: Arn[];
}

/** The IAM statements a function gets: one per kind of call, each on the resources it names. */
export function statements<Arn>(
  uses: Uses,
  targets: AccessTargets<Arn>,
  prefixOf: (name: ObjectClassName) => string,
): Statement<Arn>[] {
  const out: Statement<Arn>[] = [];
  if (uses.table) {
    const actions = [...TABLE_ACTIONS.read, ...(uses.table === 'write' ? TABLE_ACTIONS.write : [])];
    out.push({ actions, resources: [targets.table] });
  }
  if (uses.indexes?.length) {
    out.push({ actions: ['dynamodb:Query'], resources: uses.indexes.map((name) => targets.index(name)) });
  }
  const objectActions = { read: 's3:GetObject', write: 's3:PutObject', delete: 's3:DeleteObject' } as const;
  for (const kind of ['read', 'write', 'delete'] as const) {
    const names = uses.objects?.[kind] ?? [];
    if (names.length) {
      out.push({
        actions: [objectActions[kind]],
        resources: names.map((name) => targets.objects(prefixOf(name))),
      });
    }
  }
  if (uses.headBucket) out.push({ actions: ['s3:ListBucket'], resources: [targets.bucket] });
  if (uses.sends?.length) {
    out.push({ actions: ['sqs:SendMessage'], resources: uses.sends.map((name) => targets.queue(name)) });
  }
  if (uses.inspectsQueues) {
    out.push({ actions: ['sqs:GetQueueAttributes'], resources: [...targets.allQueues] });
  }
  if (uses.secrets?.length) {
    out.push({
      actions: ['ssm:GetParameters'],
      resources: uses.secrets.map((name) => targets.secret(name)),
    });
  }
  return out;
}
