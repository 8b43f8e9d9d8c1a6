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
    checks_url: { type: 'string', description: "GET it for the monitor's checks" },
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
    result_url: { type: 'string', description: 'GET it for the result (/v1/scrape/{id})' },
    data: { type: 'object', description: 'the ScrapeEnvelope, when it is at most 200 KB' },
    error: { type: 'object', description: 'code, message, http_status, details; on failure' },
    custom: { type: 'object', description: "the caller's custom payload, echoed" },
  },
};

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
                schema: event.startsWith('scrape.')
                  ? scrapePayload
                  : event.startsWith('monitor.')
                    ? monitorPayload
                    : { type: 'object', description: "See README, Webhooks; carries the caller's custom." },
              },
            },
          },
          responses: { '2XX': { description: 'Delivered.' }, '410': { description: 'Gone: never retried.' } },
        },
      },
    ]),
  );
}
