import { fieldError, rejectedField } from '@webcapture/errors';
import { needsRendering, type ScrapeRequestFields } from '@webcapture/scraping';
import { z } from 'zod';
import { cacheTtl, country, cssSelector, custom, markdownMode, markdownQuery } from './capture-fields';
import { checkUrlFields } from './url-fields';

export const SCRAPE_FORMATS = ['rawHtml', 'html', 'markdown', 'links', 'images'] as const;

export const cookie = z.strictObject({
  name: z.string().min(1),
  value: z.string(),
  domain: z.string().optional(),
  path: z.string().optional(),
  secure: z.boolean().optional(),
  httpOnly: z.boolean().optional(),
  sameSite: z.enum(['Strict', 'Lax', 'None']).optional(),
  expires: z.number().optional(),
});

/**
 * The fields of a capture request to POST /v1/scrape, as bulk items and search results reuse
 * them. URLs are checked before this schema (400 invalid_url), see urlFields.
 */
export const scrapeFields = z.strictObject({
  url: z.string().describe('The page to capture, http or https; otherwise 400 invalid_url.'),
  formats: z
    .array(z.enum(SCRAPE_FORMATS))
    .min(1, 'must name at least one format')
    .default(['rawHtml'])
    .transform((formats) => [...new Set(formats)]),
  country,
  cookies: z
    .array(cookie)
    .max(100)
    .default([])
    .describe(
      'Rendering: cookies set for the target before navigation (without domain: the target host only).',
    ),
  headers: z
    .record(z.string().min(1), z.string())
    .default({})
    .describe(
      'Rendering: sent on the navigation and on requests to the target origin, never to third parties.',
    ),
  delay_ms: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(0)
    .describe(
      'Rendering: wait this long after the page is ready (and the selector appeared) before reading it.',
    ),
  timeout_ms: z.number().int().min(1000).max(60_000).default(30_000),
  wait_for_selector: cssSelector
    .optional()
    .describe(
      'Rendering: wait until an element matches this CSS selector; the job fails naming it if none does in time.',
    ),
  wait_until: z
    .enum(['load', 'domcontentloaded', 'networkidle'])
    .optional()
    .describe(
      'Rendering: the page event to wait for (default load); networkidle = at most 2 requests in flight for 500 ms.',
    ),
  async: z.boolean().default(false),
  webhook_url: z.string().optional().describe('https:// only; receives scrape.completed / scrape.failed.'),
  events: z
    .array(z.enum(['completed', 'failed']))
    .min(1)
    .default(['completed', 'failed']),
  markdownMode,
  markdownQuery,
  markdownLinks: z.enum(['inline', 'references', 'none']).default('inline'),
  markdownCompact: z.boolean().default(false),
  markdownFilterImages: z.boolean().default(false),
  markdownIncludeMedia: z.boolean().default(false),
  markdownIncludeWarnings: z.boolean().default(false),
  markdownIncludeStats: z.boolean().default(false),
  removeBase64Images: z.boolean().default(true),
  cache_ttl: cacheTtl.describe(
    'Oldest cached capture to accept: "<N>h" or "<N>d" (above 168h / 7d counts as 7d); 0, "0", "0h" or "0d" skips the cache. Synchronous scrapes only.',
  ),
  custom,
});

/**
 * The scrape's rendering options as one object: `rendering` on crawls and monitors, whose pages
 * are rendered when it is given (a crawl's own top-level delay_ms is its per-host spacing).
 */
export const renderingOptions = scrapeFields.pick({
  cookies: true,
  headers: true,
  delay_ms: true,
  wait_for_selector: true,
  wait_until: true,
});

/** POST /v1/scrape: a capture (url) or the replay of a recording (recording_id, docs/api/recordings.md). */
export const scrapeBody = scrapeFields
  .extend({
    url: z
      .string()
      .optional()
      .describe(
        'The page to capture, http or https; otherwise 400 invalid_url. Required unless recording_id is given.',
      ),
    record: z
      .boolean()
      .default(false)
      .describe(
        'Keep a recording (WACZ web archive) of the capture; the result names it in recording_id (docs/api/recordings.md).',
      ),
    recording_id: z
      .string()
      .optional()
      .describe(
        'Instead of url: run the content pipeline on this recording (rc_…) of yours, with no request to the site.',
      ),
  })
  .superRefine(checkReplayFields);

export type ScrapeRequest = z.output<typeof scrapeBody>;

/**
 * A validated capture request (not a replay) in the pipeline's terms: the schema has made sure
 * its url is there. The pipeline's own description of a request must stay what this produces.
 */
export function scrapeRequestFields(request: ScrapeRequest): CaptureRequest {
  const { recording_id: _replay, url, ...fields } = request;
  if (url === undefined) throw new Error('a replay request has no url to capture');
  return { ...fields, url };
}

type CaptureRequest = Omit<ScrapeRequest, 'recording_id' | 'url'> & { url: string };
const _sameShape: (request: CaptureRequest) => ScrapeRequestFields = (request) => request;

/** Options a replay cannot honour: it renders nothing and records nothing. */
const CAPTURE_ONLY_FIELDS = [
  'url',
  'record',
  'cookies',
  'headers',
  'delay_ms',
  'wait_for_selector',
  'wait_until',
  'async',
] as const;

/** Exactly one of url and recording_id; a replay takes output options only. */
function checkReplayFields(request: z.output<z.ZodObject>, context: z.core.$RefinementCtx): void {
  if (request.recording_id === undefined) {
    if (request.url === undefined)
      context.addIssue({ code: 'custom', path: ['url'], message: 'is required (or recording_id)' });
    return;
  }
  const defaults: Record<string, unknown> = { record: false, delay_ms: 0, async: false };
  for (const field of CAPTURE_ONLY_FIELDS) {
    const value = request[field];
    const unset =
      value === undefined ||
      value === defaults[field] ||
      (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
    if (!unset)
      context.addIssue({ code: 'custom', path: [field], message: 'cannot be combined with recording_id' });
  }
}

/**
 * 400s before validation: the URLs (invalid_url), then a webhook_url on a request that will be
 * answered synchronously — it would never be called, and a silent no-op hides the mistake. A
 * request that renders is queued (202), so its webhook is called.
 */
export async function scrapePrecheck(input: unknown): Promise<void> {
  await checkUrlFields(input);
  const parsed = scrapeBody.safeParse(input);
  if (!parsed.success) return; // validation reports it, field by field
  const request = parsed.data;
  if (request.webhook_url === undefined || request.async) return;
  if (request.url !== undefined && needsRendering(scrapeRequestFields(request))) return;
  const message =
    'webhook_url is called only for asynchronous scrapes; send "async": true to get the result by webhook, or leave webhook_url out for this synchronous answer.';
  throw rejectedField(message, { fields: [fieldError('webhook_url', 'needs_async', message, 'async')] });
}
