import { WEBHOOK_EVENTS, type WebhookEvent } from '@webcapture/service';

/**
 * The OpenAPI `webhooks` section: what a receiver gets for each event. Every delivery carries the
 * Standard Webhooks headers, signed with the account's own secret (GET /v1/account/webhook-secret).
 */
const HEADERS = [
  ['webhook-id', 'The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it.'],
  ['webhook-timestamp', 'Unix seconds when this attempt was signed; reject old ones (5 min tolerance).'],
  [
    'webhook-signature',
    'v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated.',
  ],
  ['X-Service-Event', 'The event name, to dispatch without reading the body.'],
] as const;

const DESCRIPTIONS: Record<WebhookEvent, string> = {
  'scrape.completed': 'An asynchronous scrape completed (events: completed).',
  'scrape.failed': 'An asynchronous scrape failed (events: failed).',
  'bulk.item.completed': 'One item of a bulk job completed.',
  'bulk.item.failed': 'One item of a bulk job failed.',
  'bulk.completed': 'Every item of a bulk job is done.',
  'screenshot.completed': 'An asynchronous screenshot completed.',
  'screenshot.failed': 'An asynchronous screenshot failed.',
  'sitemap.completed': 'A sitemap job (POST /v1/sitemap with webhook_url) completed (events: completed).',
  'sitemap.failed': 'A sitemap job failed (events: failed); nothing was billed.',
  'crawl.started':
    'A crawl started (sequence 1). Payload: crawl_id, sequence, url, result_url, custom (docs/api/crawl.md).',
  'crawl.page':
    'A page of a crawl completed or failed. Payload: crawl_id, sequence, page {url, status, depth, parent, status_code, error}, result_url, custom.',
  'crawl.completed':
    'A crawl ended with at least one page completed (or, incremental, found unchanged); sent after every crawl.page was recorded, with the highest sequence. Payload: crawl_id, sequence, crawl (as GET /v1/crawl/{id} without items), result_url, custom.',
  'crawl.failed': 'A crawl ended with no page completed or found unchanged; same payload as crawl.completed.',
  'crawl.cancelled':
    'A cancelled crawl ended (its pages in flight finished); same payload as crawl.completed.',
  'monitor.changed':
    "A monitor's check found a change (notify_on `changed`), or a schema condition of notify_on fired (docs/api/monitors.md).",
  'monitor.removed': "A monitor's page answered 404 or 410 on two fetches in a row; sent once per removal.",
  'monitor.error':
    "A monitor's checks failed N times in a row (MONITOR_ERROR_AFTER, default 3); sent once per run of errors.",
};

const monitorPayload = {
  type: 'object',
  required: ['monitor_id', 'check_id', 'url', 'status', 'checked_at', 'custom'],
  properties: {
    monitor_id: { type: 'string', description: 'mo_…' },
    check_id: { type: 'string', description: 'mc_…' },
    url: { type: 'string' },
    status: { enum: ['new', 'changed', 'removed', 'error'] },
    checked_at: { type: 'string', format: 'date-time' },
    diff: {
      type: ['object', 'null'],
      description: "the check's diff (text: unified, added, removed; json: patch)",
    },
    conditions_met: { type: 'array', items: { type: 'object' }, description: 'schema conditions that fired' },
    error: { type: ['object', 'null'], description: 'code, reason, message, status_code; on monitor.error' },
    consecutive_errors: { type: 'integer' },
    checks_url: {
      type: 'string',
      format: 'uri',
      description: "absolute (PUBLIC_BASE_URL + /v1/monitors/{id}/checks): GET it for the monitor's checks",
    },
    custom: { type: 'object', description: "the monitor's custom payload, echoed" },
  },
};

const scrapePayload = {
  type: 'object',
  required: ['id', 'status', 'url', 'result_url', 'custom'],
  properties: {
    id: { type: 'string', description: 'sc_…' },
    status: { enum: ['completed', 'failed'] },
    url: { type: 'string' },
    result_url: {
      type: 'string',
      format: 'uri',
      description: 'absolute (PUBLIC_BASE_URL + /v1/scrape/{id}): GET it for the result',
    },
    data: { type: 'object', description: 'the ScrapeEnvelope, when it is at most 200 KB' },
    error: { type: 'object', description: 'code, message, http_status, details; on failure' },
    custom: { type: 'object', description: "the caller's custom payload, echoed" },
  },
};

const sitemapPayload = {
  type: 'object',
  required: ['id', 'status', 'url', 'result_url', 'custom'],
  properties: {
    id: { type: 'string', description: 'sm_…' },
    status: { enum: ['completed', 'failed'] },
    url: { type: 'string' },
    result_url: {
      type: 'string',
      format: 'uri',
      description:
        'absolute (PUBLIC_BASE_URL + /v1/sitemap/{id}): GET it for the job and a signed content_url',
    },
    summary: {
      type: 'object',
      description: 'on completion: urls, sitemaps, complete, cut, billed_bytes (as GET /v1/sitemap/{id})',
    },
    data: {
      type: 'object',
      description: 'the full answer ({urls, sitemaps, complete, cut}), when it is at most 200 KB as JSON',
    },
    error: { type: 'object', description: 'code, message, http_status, details; on failure' },
    custom: { type: 'object', description: "the caller's custom payload, echoed" },
  },
};

/** The documented body of an event's deliveries. */
function payloadOf(event: WebhookEvent) {
  if (event.startsWith('scrape.')) return scrapePayload;
  if (event.startsWith('sitemap.')) return sitemapPayload;
  if (event.startsWith('monitor.')) return monitorPayload;
  return { type: 'object', description: "See README, Webhooks; carries the caller's custom." };
}

export function webhookPayloads() {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      {
        post: {
          summary: event,
          description: `${DESCRIPTIONS[event]} Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).`,
          parameters: HEADERS.map(([name, description]) => ({
            name,
            in: 'header',
            required: true,
            description,
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: payloadOf(event),
              },
            },
          },
          responses: { '2XX': { description: 'Delivered.' }, '410': { description: 'Gone: never retried.' } },
        },
      },
    ]),
  );
}
