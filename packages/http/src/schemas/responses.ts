import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '@webcapture/service';
import { z } from 'zod';

/*
 * What the API answers, as zod schemas: the OpenAPI description's response bodies come from here,
 * and test/response-schemas.test.ts parses real answers of the local runtime with them (strict
 * objects), so a field added, renamed or dropped in the code fails a test instead of drifting.
 */

const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');
const int = z.number().int();

export const planResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  is_custom: z.boolean(),
  price_usd_month: z.number(),
  requests_per_second: int,
  concurrency: int,
  monthly_quota_bytes: int,
  max_bulk_size_bytes: int.describe('bytes; 2 MiB on standard, 16 MiB (16.8 MB) on the largest plans'),
  monthly_credits: int,
});

export const plansResponse = z.strictObject({ data: z.array(planResponse) });

const keyScope = z.enum(['capture', 'read', 'keys', 'billing']);

export const apiKeyResponse = z.strictObject({
  id: z.string().regex(/^ak_/),
  name: z.string(),
  prefix: z.string().describe('the first characters of the key, enough to recognise it'),
  last4: z.string(),
  environment: z.enum(['test', 'live']),
  scopes: z.array(keyScope),
  status: z.enum(['active', 'revoked']),
  created_at: timestamp,
  revoked_at: timestamp.nullable(),
});

export const apiKeyCreatedResponse = apiKeyResponse.extend({
  key: z
    .string()
    .regex(/^sk_(test|live)_/)
    .describe('the plaintext key, in this response only'),
});

const page = <T extends z.ZodType>(item: T) =>
  z.strictObject({ data: z.array(item), next_cursor: z.string().nullable() });

export const apiKeyPageResponse = page(apiKeyResponse);

export const accountResponse = z.strictObject({
  id: z.string().regex(/^acct_/),
  name: z.string(),
  created_at: timestamp,
  plan: planResponse.nullable(),
  subscription: z.strictObject({
    status: z.enum(['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'expired']),
    current_period_start: timestamp,
    current_period_end: timestamp,
    grace_until: timestamp.optional(),
  }),
  api_key: apiKeyResponse.nullable().describe('the key making this call'),
  active_api_keys: int,
});

export const usageResponse = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  rows: z.array(
    z.strictObject({
      endpoint: z.string(),
      raw_bytes: int,
      billing_multiplier: z.number(),
      billable_bytes: int,
      requests: int,
      credits: int.describe('credits charged (POST /v1/schema: 1 per request; 0 elsewhere)'),
    }),
  ),
  totals: z.strictObject({ raw_bytes: int, billable_bytes: int, requests: int, credits: int }),
});

export const webhookDeliveryResponse = z.strictObject({
  id: z.string().regex(/^wd_/).describe('also the webhook-id header of every attempt'),
  event: z.enum(WEBHOOK_EVENTS),
  url: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(
    z.strictObject({
      attempt: int.describe('1 for the first attempt, counting on across redeliveries'),
      at: timestamp,
      status_code: int.nullable().describe("the receiver's status; null when none came back"),
      duration_ms: int,
      error: z.string().nullable().describe('timeout, a network error, private_address or interrupted'),
    }),
  ),
  created_at: timestamp,
  delivered_at: timestamp.nullable(),
  next_attempt_at: timestamp.nullable().describe('when the next attempt is due, while pending'),
  failure_reason: z
    .enum(['gone', 'private_address', 'exhausted'])
    .nullable()
    .describe('why a failed delivery was given up: 410 Gone, a private target, or no attempt left'),
});

export const webhookDeliveryPageResponse = page(webhookDeliveryResponse);

export const webhookSecretResponse = z.strictObject({
  secret: z
    .string()
    .regex(/^whsec_/)
    .describe('Standard Webhooks secret: whsec_ + base64 of 32 random bytes'),
  created_at: timestamp,
  previous_secret_expires_at: timestamp
    .nullable()
    .describe('while a rotation overlap lasts: when the replaced secret stops signing'),
});

export const healthResponse = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  checks: z.record(
    z.string(),
    z.strictObject({ ok: z.boolean(), latency_ms: int, error: z.string().optional() }),
  ),
});

const linkObject = z.strictObject({
  url: z.string(),
  text: z.string(),
  isInternal: z.boolean(),
  rel: z.string().nullable(),
});

const imageObject = z.strictObject({
  url: z.string(),
  alt: z.string(),
  width: int.describe('declared width in px; 0 when the page does not say'),
  height: int,
  format: z.string(),
  score: z.number().describe('0..1, how likely the image is content rather than chrome'),
});

const tableItem = z.strictObject({
  kind: z.string().describe('`data` or `headerless`'),
  gfm: z.string(),
  rows: int,
  cols: int,
});
const warningItem = z.strictObject({ code: z.string(), message: z.string(), element: z.string() });
const statsObject = z.strictObject({
  chars: int,
  tokens: int.describe('estimate of the o200k_base (GPT-4o) token count'),
  blocks: int,
});
const links = z.union([z.array(z.string()), z.array(linkObject)]);
const images = z.union([z.array(z.string()), z.array(imageObject)]);

export const scrapeEnvelopeResponse = z.strictObject({
  status: z.literal('success'),
  scrapeId: z.string().regex(/^sc_/),
  url: z.string(),
  finalUrl: z.string(),
  contentType: z
    .string()
    .describe('media type of the body; application/octet-stream when the origin sent none'),
  contentLength: int.describe(
    'wire bytes, compressed as the origin sent them (billed); for a rendered page, every byte the browser downloaded for it, document and subresources',
  ),
  statusCode: int.describe("the origin's HTTP status (for a rendered page, the main document's)"),
  retrievedAt: timestamp,
  formats: z
    .strictObject({
      rawHtml: z.string().nullable().optional(),
      html: z.string().nullable().optional(),
      markdown: z.string().nullable().optional(),
      links: links.optional(),
      images: images.optional(),
    })
    .optional()
    .describe(
      'only the requested formats; text is null for binary bodies; for a rendered page rawHtml is the DOM after scripts ran and the waits passed. Absent (with tables and warnings) when the answer would exceed 4 MiB: the whole envelope is then at content_url',
    ),
  metadata: z.strictObject({
    title: z.string().nullable(),
    description: z.string().nullable(),
    language: z.string().nullable(),
    canonicalUrl: z.string().nullable(),
    ogTitle: z.string().nullable(),
    ogDescription: z.string().nullable(),
    ogImage: z.string().nullable(),
    byline: z.string().nullable(),
    publishedAt: timestamp.nullable(),
    siteName: z.string().nullable().describe('beyond the spec: og:site_name or the JSON-LD publisher'),
  }),
  tables: z.array(tableItem).optional(),
  warnings: z.array(warningItem).optional(),
  stats: statsObject.optional(),
  custom: z.record(z.string(), z.unknown()),
  content_url: z
    .string()
    .optional()
    .describe(
      'only when the envelope is too large to answer inline (over 4 MiB as sent; docs/api/limits.md): a signed URL (absolute, under PUBLIC_BASE_URL) to the whole envelope as JSON, valid 600 s, signed anew on every read',
    ),
  content_url_expires_in: int
    .optional()
    .describe('seconds content_url stays valid (600); with content_url only'),
  recording_id: z
    .string()
    .regex(/^rc_/)
    .optional()
    .describe('with record: true, the recording of this capture (GET /v1/recordings/{id})'),
});

/** Where a 202's job is read: absolute, so a client follows it without a base of its own. */
export const pollUrl = z
  .string()
  .describe(
    "absolute: PUBLIC_BASE_URL and the job's path (e.g. https://…/v1/scrape/{id}); GET it for the status",
  );

export const scrapeAcceptedResponse = z.strictObject({
  id: z.string().regex(/^sc_/),
  status: z.literal('queued'),
  url: z.string(),
  poll_url: pollUrl,
});

const jobError = z.strictObject({
  code: z.string(),
  message: z.string(),
  http_status: int,
  details: z.record(z.string(), z.unknown()).optional(),
});

export const scrapeRecordResponse = z.strictObject({
  id: z.string().regex(/^sc_/),
  status: z.enum(['queued', 'processing', 'completed', 'failed']),
  url: z.string(),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
  error: jobError.nullable(),
  result: scrapeEnvelopeResponse.optional().describe('present once completed'),
});

/** POST/GET /v1/fetch with markdown_include_media, _warnings or _stats: the extras need JSON. */
export const fetchExtrasResponse = z.strictObject({
  format: z.enum(['markdown', 'html']),
  content: z.string(),
  links: links.optional(),
  images: images.optional(),
  tables: z.array(tableItem).optional(),
  warnings: z.array(warningItem).optional(),
  stats: statsObject.optional(),
});

/** POST /v1/schema: `data` validates against the caller's schema; `fields` is its provenance. */
export const schemaExtractResponse = z.strictObject({
  status: z.literal('success'),
  id: z.string().regex(/^sx_/),
  url: z.string(),
  final_url: z.string(),
  status_code: int.describe("the origin's HTTP status"),
  content_type: z.string(),
  content_length: int.describe('wire bytes, compressed as the origin sent them (the billed bandwidth)'),
  retrieved_at: timestamp,
  data: z
    .record(z.string(), z.unknown())
    .describe("the extracted object; validated against the caller's schema with ajv before it is sent"),
  fields: z
    .record(
      z.string(),
      z.strictObject({
        source: z.enum([
          'json-ld',
          'microdata',
          'rdfa',
          'meta',
          'label',
          'heading',
          'list',
          'table',
          'text',
          'page',
        ]),
        path: z
          .string()
          .describe('where on the page: a path into the structured data, a meta tag, or quoted text'),
        confidence: z.number().min(0).max(1),
      }),
    )
    .describe('JSON pointer of each placed value (e.g. /offers/0/price) → where it came from'),
  unsupported_keywords: z
    .array(z.string())
    .describe('keywords of the schema that the answer satisfies but that do not steer extraction'),
  custom: z.record(z.string(), z.unknown()),
});

/** POST /v1/screenshots when not done within the hold, or with ?async=true. */
export const screenshotAcceptedResponse = z.strictObject({
  id: z.string().regex(/^ss_/),
  status: z.literal('pending'),
  url: z.string(),
  poll_url: pollUrl,
});

/** POST /v1/screenshots (done within the hold) and GET /v1/screenshots/{id}. */
export const screenshotRecordResponse = z.strictObject({
  id: z.string().regex(/^ss_/),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  url: z.string(),
  final_url: z.string().nullable().describe('after redirects; once completed'),
  format: z.enum(['png', 'jpeg', 'webp']),
  width: int.nullable().describe('pixels of the image (CSS pixels × device_scale_factor); once completed'),
  height: int.nullable().describe('pixels of the image; once completed'),
  bytes: int.nullable().describe('size of the image; once completed'),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
  custom: z.record(z.string(), z.unknown()),
  error: jobError.nullable(),
  image_url: z
    .string()
    .nullable()
    .describe(
      'once completed: a signed URL (absolute, under PUBLIC_BASE_URL) of the image, valid 600 s, signed anew on every read',
    ),
  recording_id: z
    .string()
    .regex(/^rc_/)
    .optional()
    .describe('with record: true, once completed: the recording of this capture (GET /v1/recordings/{id})'),
});

const bulkError = z.strictObject({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** A bulk job (README, Bulk jobs): its state, counts, what it has billed, and its times. */
export const bulkJobResponse = z.strictObject({
  id: z.string().regex(/^bk_/),
  kind: z.enum(['scrape', 'fetch', 'screenshot']),
  status: z
    .enum(['queued', 'running', 'completed', 'failed', 'cancelled'])
    .describe(
      'queued → running → completed (some item completed) or failed (none did); queued or running → cancelled',
    ),
  counts: z.strictObject({
    total: int,
    queued: int,
    running: int,
    completed: int,
    failed: int,
    cancelled: int,
  }),
  billed_bytes: int.describe('billable bytes charged for this job so far'),
  created_at: timestamp,
  started_at: timestamp.nullable(),
  completed_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  custom: z.record(z.string(), z.unknown()),
  webhook_url: z.string().nullable(),
  events: z.array(z.string()),
});

export const bulkAcceptedResponse = bulkJobResponse.extend({
  poll_url: pollUrl,
  invalid_urls: z
    .array(z.strictObject({ index: int, url: z.string(), error: bulkError }))
    .describe('URLs refused at submission; they are items with status failed, never run or billed'),
});

export const bulkItemResponse = z.strictObject({
  index: int,
  url: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']),
  upstream_status: int.nullable(),
  content_type: z.string().nullable().describe("the origin's media type"),
  content_length: int.nullable().describe('wire bytes as the origin sent them'),
  billed_bytes: int,
  error: bulkError.nullable(),
  completed_at: timestamp.nullable(),
  content_url: z
    .string()
    .nullable()
    .describe(
      'completed items: the stored result (absolute URL, under PUBLIC_BASE_URL), signed anew on every read, valid 600 s',
    ),
});

export const bulkJobWithItemsResponse = bulkJobResponse.extend({
  items: z.array(bulkItemResponse),
  next_cursor: z.string().nullable(),
});

/** An item of a bulk screenshot job: its image as image_url instead of content_url. */
export const bulkScreenshotItemResponse = bulkItemResponse.omit({ content_url: true }).extend({
  upstream_status: int.nullable().describe('always null: the browser does not report it'),
  content_type: z.string().nullable().describe('completed items: the image media type (image/png, …)'),
  content_length: int.nullable().describe('completed items: bytes of the image'),
  billed_bytes: int.describe("the page's wire bytes × 1.0, as POST /v1/screenshots; 0 for failed items"),
  image_url: z
    .string()
    .nullable()
    .describe(
      'completed items: a signed URL (absolute, under PUBLIC_BASE_URL) of the image, valid 600 s, signed anew on every read',
    ),
});

export const bulkScreenshotJobResponse = bulkJobResponse.extend({
  items: z.array(bulkScreenshotItemResponse),
  next_cursor: z.string().nullable(),
});

export const bulkJobPageResponse = page(bulkJobResponse);

const discoverySource = z.enum(['sitemaps', 'links']);

/** POST /v1/sitemap (README, Sitemap). */
export const sitemapResponse = z.strictObject({
  urls: z
    .array(
      z.strictObject({
        url: z.string().describe('normalised (README, URL normalisation); each URL once'),
        lastmod: timestamp.optional().describe('the latest date a sitemap or feed gave it'),
        sources: z.array(discoverySource).describe('every source that listed it'),
      }),
    )
    .describe('in the order found, or ranked by `search`'),
  sitemaps: z
    .array(
      z.strictObject({
        url: z.string(),
        status: z
          .enum(['read', 'failed', 'skipped'])
          .describe('skipped: not read because the limit or the time budget ended the map first'),
        status_code: int.nullable().describe('HTTP status of the answer, null when none arrived'),
        kind: z.enum(['urlset', 'sitemapindex', 'rss', 'atom', 'text', 'unknown']).nullable(),
        urls: int.describe('entries read: page URLs, or child sitemaps of an index'),
        truncated: z
          .boolean()
          .describe(
            'the file held more than was taken (50,000 entries / 50 MB per file, the limit, the budget)',
          ),
        error: z
          .string()
          .optional()
          .describe('why a failed file failed: http_status, timeout, private_address…'),
      }),
    )
    .describe('every sitemap read or queued, in the order found'),
  complete: z.boolean().describe('false when the limit, the time budget or the 1,000-file cap cut the map'),
  cut: z.enum(['limit', 'time_budget', 'sitemap_files']).optional().describe('why complete is false'),
});

/** POST /v1/sitemap with webhook_url: the map runs as a job (README, Sitemap; docs/api/sitemap.md). */
export const sitemapAcceptedResponse = z.strictObject({
  id: z.string().regex(/^sm_/),
  status: z.literal('queued'),
  url: z.string(),
  poll_url: pollUrl,
});

/** GET /v1/sitemap/{id}. */
export const sitemapJobResponse = z.strictObject({
  id: z.string().regex(/^sm_/),
  status: z.enum(['queued', 'processing', 'completed', 'failed']),
  url: z.string(),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
  summary: z
    .strictObject({
      urls: int.describe('URLs in the answer'),
      sitemaps: int.describe('sitemaps read or queued'),
      complete: z
        .boolean()
        .describe('false when the limit, the time budget or the 1,000-file cap cut the map'),
      cut: z.enum(['limit', 'time_budget', 'sitemap_files']).optional().describe('why complete is false'),
      billed_bytes: int.describe("the sitemaps' wire bytes billed (plus the one request)"),
    })
    .nullable()
    .describe('once completed'),
  content_url: z
    .string()
    .nullable()
    .describe(
      'once completed: the full answer ({urls, sitemaps, complete, cut}, as the synchronous 200) as JSON at an absolute URL under PUBLIC_BASE_URL; signed anew on every read, valid 600 s',
    ),
  error: jobError.nullable().describe('once failed'),
  custom: z.record(z.string(), z.unknown()).describe("the caller's custom payload, echoed"),
});

/** GET /v1/recordings/{id} (docs/api/recordings.md). */
export const recordingResponse = z.strictObject({
  id: z.string().regex(/^rc_/),
  url: z.string().describe('the URL the capture was asked for'),
  created_at: timestamp,
  expires_at: timestamp.describe('when the recording and its archive are deleted (30 days after created_at)'),
  size_bytes: int.describe('size of the WACZ archive; what its storage was billed on'),
  pages: int.describe('pages in the archive (pages/pages.jsonl): 1 per capture'),
  requests: int.describe(
    "the browser's requests in the archive: plain-HTTP exchanges, HTTPS tunnels and refused requests",
  ),
  source: z
    .string()
    .regex(/^(sc|ss)_/)
    .describe('the scrape (sc_…) or screenshot (ss_…) that made it'),
  download_url: z
    .string()
    .describe(
      'the WACZ archive (application/wacz) at an absolute URL under PUBLIC_BASE_URL, signed anew on every read, valid 600 s; 401 once tampered or expired',
    ),
});

export const recordingPageResponse = page(recordingResponse);

/** GET /v1/{scrape,fetch}/bulk/{id}/results and GET /v1/bulk/{id}/results: the job's one download. */
export const bulkResultsResponse = z.strictObject({
  id: z.string().regex(/^bk_/),
  status: z
    .enum(['completed', 'failed', 'cancelled'])
    .describe('the job ended; before that the answer is 409'),
  format: z
    .enum(['jsonl', 'zip'])
    .describe(
      'jsonl: one JSON object per line (scrape, fetch); zip: the images and manifest.json (screenshots)',
    ),
  content_type: z.string(),
  items: int.describe('completed items in the download; failed and cancelled items are left out'),
  bytes: int.describe('size of the download'),
  created_at: timestamp.describe('when the download was built (once, when the job ended)'),
  url: z
    .string()
    .describe('signed content URL of the download, valid 600 s; read this resource again for a new one'),
  expires_at: timestamp.describe('when url stops working'),
});
