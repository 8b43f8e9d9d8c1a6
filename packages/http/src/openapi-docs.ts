/**
 * What a human reads in the OpenAPI description, one entry per route id of the manifest: a
 * summary, a tag, a description (the success answer's text in openapi.ts is added below it) and
 * at least one example. A new route adds its entry here; test/openapi-docs.test.ts fails on a
 * route without one.
 */
export interface OperationDoc {
  summary: string;
  tag: Tag;
  description: string;
  /** A request body, or the success answer, or the path parameters: at least one. */
  example: { request?: unknown; response?: unknown; params?: Record<string, string> };
}

export const TAGS = {
  Scrape: 'Fetch a page and get its content processed: markdown, html, links, images, metadata.',
  Fetch: "Fetch a page and get the origin's bytes, or its markdown or cleaned html.",
  Screenshots: 'Render a page in Chromium and capture an image.',
  Bulk: 'Many URLs in one job: scrape, fetch or screenshot each; results by webhook, listing or one download.',
  Schema: 'JSON that conforms to your JSON Schema, extracted from a page.',
  Search: 'Web search through the configured providers, results optionally scraped.',
  Sitemap: "A site's URLs from robots.txt, its sitemaps and its links.",
  Crawl: 'Every page of a site scraped, each URL once, politely.',
  Monitors: 'Pages checked on a schedule; only real changes reported.',
  Recordings: 'WACZ web archives of captures: list, download, delete, replay.',
  Content: 'Signed URLs of stored results (content_url, image_url, downloads).',
  Account: 'The account, its API keys and its usage.',
  Webhooks: 'Webhook deliveries and the signing secret.',
  Billing: 'Plans and payment through Stripe.',
  System: 'Health.',
} as const;

export type Tag = keyof typeof TAGS;

const ID = {
  scrape: 'sc_01JD8X2Q4M3T5V7W9Y1Z3B5C7D',
  bulk: 'bk_01JD8X2Q4M3T5V7W9Y1Z3B5C7D',
  screenshot: 'ss_01JD8X2Q4M3T5V7W9Y1Z3B5C7D',
  key: 'ak_01JD8X2Q4M3T5V7W9Y1Z3B5C7D',
  delivery: 'wd_01JD8X2Q4M3T5V7W9Y1Z3B5C7D',
  sitemap: 'sm_01JD8X2Q4M3T5V7W9Y1Z3B5C7D',
  crawl: 'cr_01JD8X2Q4M3T5V7W9Y1Z3B5C7D',
  recording: 'rc_01JD8X2Q4M3T5V7W9Y1Z3B5C7D',
  monitor: 'mo_01JD8X2Q4M3T5V7W9Y1Z3B5C7D',
};
const AT = '2026-11-29T10:00:00.000Z';
const PAGE = 'https://example.com/articles/1';
const BULK_URLS = ['https://example.com/a', { url: 'https://example.com/b', custom: { row: 2 } }];

const bulkAccepted = (kind: string) => ({
  request: {
    urls: BULK_URLS,
    webhook_url: 'https://hooks.example.com/webcapture',
    ...(kind === 'scrape' ? { formats: ['markdown'] } : kind === 'fetch' ? { format: 'markdown' } : {}),
  },
});

const bulkResults = (kind: string, format: 'jsonl' | 'zip'): OperationDoc => ({
  summary: `Download a finished ${kind} job's results`,
  tag: 'Bulk',
  description: `Every completed item of the job in one file — ${format === 'zip' ? 'a zip of the images with manifest.json' : 'JSON Lines, one item per line'} — built once when the job ends. 409 job_not_finished while it runs.`,
  example: {
    response: {
      id: ID.bulk,
      status: 'completed',
      format,
      content_type: format === 'zip' ? 'application/zip' : 'application/x-ndjson',
      items: 2,
      bytes: 48213,
      created_at: AT,
      url: 'https://api.example.com/v1/content/eyJrIjoiYnVsay8…',
      expires_at: AT,
    },
  },
});

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  health: {
    summary: 'Check the service and its dependencies',
    tag: 'System',
    description:
      'No authentication. 200 when the table, bucket and queues answer; 503 naming the one that did not.',
    example: { response: { status: 'ok' } },
  },
  'plans-list': {
    summary: 'List the public plans',
    tag: 'Billing',
    description: 'No authentication. Custom contract plans are left out.',
    example: { response: { data: [{ id: 'free', is_custom: false }] } },
  },
  'account-get': {
    summary: 'Get your account',
    tag: 'Account',
    description: 'The account, its plan and subscription, and the key that made the call.',
    example: { response: { id: 'acct_01JD8X2Q4M3T5V7W9Y1Z3B5C7D', plan: { id: 'free' } } },
  },
  'api-keys-create': {
    summary: 'Create an API key',
    tag: 'Account',
    description:
      'At most 50 active keys per account (409 api_key_limit_reached). The plaintext key is in this answer only.',
    example: { request: { name: 'ci' } },
  },
  'api-keys-list': {
    summary: 'List API keys',
    tag: 'Account',
    description: 'Keys without their plaintext, a page at a time (limit, cursor).',
    example: { response: { data: [{ id: ID.key, name: 'ci', created_at: AT }], next_cursor: null } },
  },
  'api-keys-rename': {
    summary: 'Rename an API key',
    tag: 'Account',
    description: 'Changes the label only.',
    example: { request: { name: 'ci-2' } },
  },
  'api-keys-revoke': {
    summary: 'Revoke an API key',
    tag: 'Account',
    description:
      'The key stops working at once and no longer counts toward the limit of 50. 204 again for a revoked key.',
    example: { params: { id: ID.key } },
  },
  'usage-by-endpoint': {
    summary: 'Usage by endpoint',
    tag: 'Account',
    description:
      'Raw bytes, multiplier and billable bytes per endpoint over from..to (default the last 30 days, at most 366).',
    example: { response: { rows: [], totals: { raw_bytes: 0, billable_bytes: 0, requests: 0, credits: 0 } } },
  },
  'webhook-deliveries-list': {
    summary: 'List webhook deliveries',
    tag: 'Webhooks',
    description: 'Every delivery with its attempts, newest first; `status` filters.',
    example: { response: { data: [], next_cursor: null } },
  },
  'webhook-deliveries-redeliver': {
    summary: 'Send a webhook delivery again',
    tag: 'Webhooks',
    description: 'Queues a new round of attempts with the same webhook-id.',
    example: { params: { id: ID.delivery } },
  },
  'webhook-secret-get': {
    summary: 'Get the webhook signing secret',
    tag: 'Webhooks',
    description: 'The Standard Webhooks secret (whsec_…) that signs every delivery to this account.',
    example: {
      response: { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', previous_secret_expires_at: null },
    },
  },
  'webhook-secret-rotate': {
    summary: 'Rotate the webhook signing secret',
    tag: 'Webhooks',
    description: 'The old secret keeps signing beside the new one for 24 hours.',
    example: {
      response: { secret: 'whsec_2ZbD5rB5d1tQ0Xq8o4Zs7Kp3aYw9uN6c', previous_secret_expires_at: AT },
    },
  },
  'scrape-create': {
    summary: 'Scrape a page',
    tag: 'Scrape',
    description:
      'Simple requests are answered at once over HTTP (about 500 ms); cookies, headers, delay_ms, wait_for_selector or wait_until render in Chromium and answer 202, as does async: true. Field names: the spec spells these camelCase (markdownMode, …) and the shared ones snake_case (timeout_ms, …); the other spelling is accepted too.',
    example: {
      request: {
        url: PAGE,
        formats: ['markdown', 'links'],
        markdownMode: 'article',
        markdownIncludeWarnings: true,
      },
    },
  },
  'scrape-get': {
    summary: 'Get a scrape',
    tag: 'Scrape',
    description: 'A queued, rendered or stored scrape by id; `result` holds the envelope once completed.',
    example: { params: { id: ID.scrape } },
  },
  'fetch-post': {
    summary: 'Fetch a page',
    tag: 'Fetch',
    description:
      "The origin's bytes unchanged, or with `format` its markdown or cleaned html; metadata in X-Fetch-* headers. A non-2xx origin answer is the upstream_error envelope.",
    example: { request: { url: PAGE, format: 'markdown', markdown_mode: 'article' } },
  },
  'fetch-get': {
    summary: 'Fetch a page (query string)',
    tag: 'Fetch',
    description: 'POST /v1/fetch with its fields as query parameters.',
    example: { params: { url: PAGE, format: 'markdown' } },
  },
  'screenshots-create': {
    summary: 'Take a screenshot',
    tag: 'Screenshots',
    description: 'Held up to 28 s; 202 with poll_url when async=true or not done by then.',
    example: { request: { url: PAGE, full_page: true, format: 'png' } },
  },
  'screenshots-get': {
    summary: 'Get a screenshot',
    tag: 'Screenshots',
    description: 'Its record; image_url once completed, signed anew on every read.',
    example: { params: { id: ID.screenshot } },
  },
  'content-get': {
    summary: 'Download stored content',
    tag: 'Content',
    description: 'Redeems a signed content URL handed out by another answer; the token is the credential.',
    example: { params: { token: 'eyJrIjoiYnVsay8uLi4ifQ.3q2-7w' } },
  },
  'scrape-bulk-create': {
    summary: 'Start a bulk scrape',
    tag: 'Bulk',
    description: 'Up to 10,000 URLs over the HTTP fast path; per-URL overrides as objects.',
    example: bulkAccepted('scrape'),
  },
  'scrape-bulk-get': {
    summary: 'Get a bulk scrape',
    tag: 'Bulk',
    description: 'The job and a page of its items.',
    example: { params: { id: ID.bulk } },
  },
  'scrape-bulk-results': bulkResults('bulk scrape', 'jsonl'),
  'fetch-bulk-create': {
    summary: 'Start a bulk fetch',
    tag: 'Bulk',
    description: 'Up to 10,000 URLs fetched over plain HTTP; rendering options are refused (400).',
    example: bulkAccepted('fetch'),
  },
  'fetch-bulk-get': {
    summary: 'Get a bulk fetch',
    tag: 'Bulk',
    description: 'The job and a page of its items.',
    example: { params: { id: ID.bulk } },
  },
  'fetch-bulk-results': bulkResults('bulk fetch', 'jsonl'),
  'bulk-list': {
    summary: 'List bulk jobs',
    tag: 'Bulk',
    description: 'Jobs of every kind, newest first.',
    example: { response: { data: [], next_cursor: null } },
  },
  'bulk-cancel': {
    summary: 'Cancel a bulk job',
    tag: 'Bulk',
    description: 'Items not started are never run or billed.',
    example: { params: { id: ID.bulk } },
  },
  'bulk-create': {
    summary: 'Start a bulk screenshot job',
    tag: 'Bulk',
    description: 'Up to 10,000 URLs rendered and captured.',
    example: bulkAccepted('screenshot'),
  },
  'bulk-uploads-create': {
    summary: 'Upload a large bulk body',
    tag: 'Bulk',
    description: 'A pre-signed PUT for a body above the 6 MB request limit.',
    example: { request: { size_bytes: 12_000_000 } },
  },
  'bulk-screenshots-list': {
    summary: 'Get a bulk screenshot job',
    tag: 'Bulk',
    description: 'The job and a page of its items with image_url.',
    example: { params: { id: ID.bulk } },
  },
  'bulk-results': bulkResults('bulk screenshot', 'zip'),
  'schema-extract': {
    summary: 'Extract JSON by schema',
    tag: 'Schema',
    description: 'Fast path only; behind the SCHEMA_ENABLED switch (404 while off).',
    example: {
      request: {
        url: 'https://example.com/products/1',
        schema: {
          type: 'object',
          properties: { name: { type: 'string' }, price: { type: 'number' } },
          required: ['name'],
        },
      },
    },
  },
  search: {
    summary: 'Search the web',
    tag: 'Search',
    description: 'Field errors are 400 here (spec), not 422.',
    example: { request: { query: 'web scraping api', limit: 5, scrape: { formats: ['markdown'] } } },
  },
  'sitemap-post': {
    summary: "Map a site's URLs",
    tag: 'Sitemap',
    description: "robots.txt, sitemaps and the start page's links, without fetching the pages.",
    example: { request: { url: 'https://example.com/', limit: 1000 } },
  },
  'billing-checkout': {
    summary: 'Start a Stripe checkout',
    tag: 'Billing',
    description: 'A Checkout Session for a paid plan; field errors are 400 (spec).',
    example: { request: { plan_id: 'pro' } },
  },
  'billing-payment-methods-list': {
    summary: 'List payment methods',
    tag: 'Billing',
    description: "The account's cards at Stripe.",
    example: { response: { data: [] } },
  },
  'billing-payment-method-put': {
    summary: 'Make a payment method the default',
    tag: 'Billing',
    description: 'Renewals charge it.',
    example: { params: { id: 'pm_1QExample' } },
  },
  'billing-payment-method-delete': {
    summary: 'Remove a payment method',
    tag: 'Billing',
    description: 'Detached at Stripe.',
    example: { params: { id: 'pm_1QExample' } },
  },
  'billing-webhook': {
    summary: "Receive Stripe's events",
    tag: 'Billing',
    description: 'Called by Stripe, authenticated by Stripe-Signature.',
    example: { request: { id: 'evt_1QExample', type: 'invoice.paid' } },
  },
  'sitemap-get': {
    summary: 'Get a sitemap job',
    tag: 'Sitemap',
    description:
      'A map run as a job (POST /v1/sitemap with webhook_url): its status, summary and a signed content_url to the full answer.',
    example: { params: { id: ID.sitemap } },
  },
  'crawl-create': {
    summary: 'Start a crawl',
    tag: 'Crawl',
    description:
      'Queues the start URL; every page found within the limits is scraped once (docs/api/crawl.md). With `since` (an earlier crawl id or a timestamp) the crawl is incremental: pages are asked for conditionally and those that did not change are skipped (unchanged), not billed.',
    example: {
      request: {
        url: 'https://example.com/',
        limit: 100,
        max_depth: 3,
        formats: ['markdown'],
        since: ID.crawl,
      },
    },
  },
  'crawl-list': {
    summary: 'List crawls',
    tag: 'Crawl',
    description: "The caller's crawls, newest first, with cursor pagination.",
    example: { params: { limit: '20' } },
  },
  'crawl-get': {
    summary: 'Get a crawl and its pages',
    tag: 'Crawl',
    description: 'Status, exact counts and a page of its URLs (status, reason, depth, parent, content_url).',
    example: { params: { id: ID.crawl } },
  },
  'crawl-cancel': {
    summary: 'Cancel a crawl',
    tag: 'Crawl',
    description:
      'Nothing new is fetched; pages in flight finish; unstarted URLs end skipped (cancelled), unbilled.',
    example: { params: { id: ID.crawl } },
  },
  'recordings-list': {
    summary: 'List recordings',
    tag: 'Recordings',
    description: "The caller's recordings (record: true on a scrape or screenshot), newest first.",
    example: { params: { limit: '20' } },
  },
  'recordings-get': {
    summary: 'Get a recording',
    tag: 'Recordings',
    description: 'Its record and a download_url to the WACZ archive, signed anew on every read (600 s).',
    example: { params: { id: ID.recording } },
  },
  'recordings-delete': {
    summary: 'Delete a recording',
    tag: 'Recordings',
    description: 'Removes the record and its archive; the id answers 404 afterwards.',
    example: { params: { id: ID.recording } },
  },
  'monitors-create': {
    summary: 'Create a monitor',
    tag: 'Monitors',
    description:
      'Checks url on an interval or a cron schedule and reports changed, removed and error (docs/api/monitors.md).',
    example: {
      request: {
        url: 'https://shop.example/widget',
        interval_minutes: 30,
        target: 'schema',
        schema: { type: 'object', properties: { price: { type: 'number' } }, required: ['price'] },
        notify_on: [{ path: '/price', below: 40 }],
        webhook_url: 'https://hooks.example.com/monitors',
      },
    },
  },
  'monitors-list': {
    summary: 'List monitors',
    tag: 'Monitors',
    description: "The caller's monitors, filtered by status, with cursor pagination.",
    example: { params: { status: 'active' } },
  },
  'monitors-get': {
    summary: 'Get a monitor',
    tag: 'Monitors',
    description: 'Its settings, status and schedule.',
    example: { params: { id: ID.monitor } },
  },
  'monitors-update': {
    summary: 'Update a monitor',
    tag: 'Monitors',
    description: 'Changes its settings, pauses or resumes it.',
    example: { params: { id: ID.monitor }, request: { paused: true } },
  },
  'monitors-delete': {
    summary: 'Delete a monitor',
    tag: 'Monitors',
    description: 'No check runs after deletion; the id answers 404 afterwards.',
    example: { params: { id: ID.monitor } },
  },
  'monitors-check': {
    summary: 'Check a monitor now',
    tag: 'Monitors',
    description: 'Runs one check at once (billed as a scrape) and answers with it.',
    example: { params: { id: ID.monitor } },
  },
  'monitors-checks-list': {
    summary: "List a monitor's checks",
    tag: 'Monitors',
    description:
      'Newest first: status new, same, changed, removed or error; the diff of a change; a signed snapshot URL.',
    example: { params: { id: ID.monitor } },
  },
};
