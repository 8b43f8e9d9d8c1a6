import { BULK_JOB_STATUSES, BULK_MAX_ITEMS } from '@webcapture/service';
import { z } from 'zod';
import { cacheTtl, country, custom } from './capture-fields';
import { fetchBody, SCRAPE_ONLY_FIELDS } from './fetch';
import { scrapeFields } from './scrape';
import { checkScreenshotOptions, screenshotBody } from './screenshots';

/** Events a bulk job can send; `events` selects among them (default: all three). */
export const BULK_EVENTS = ['bulk.item.completed', 'bulk.item.failed', 'bulk.completed'] as const;

const jobFields = {
  webhook_url: z.string().optional().describe('https:// only; receives the events named in `events`.'),
  events: z
    .array(z.enum(BULK_EVENTS))
    .min(1)
    .default([...BULK_EVENTS])
    .describe('Which events to send to webhook_url; default all three.'),
};

function urlsField<T extends z.ZodType>(item: T) {
  return z
    .array(z.union([z.string(), item]))
    .min(1, 'must hold at least one URL')
    .max(BULK_MAX_ITEMS, `at most ${BULK_MAX_ITEMS} URLs per job`)
    .describe(
      'The URLs, each a string or an object with `url` and per-item overrides of the shared options. A URL that is malformed, not http(s), or private is reported as a failed item (invalid_url), never silently dropped.',
    );
}

/** Options that need a browser: bulk scrape does not render (yet), bulk fetch never does. */
export const BULK_RENDERING_FIELDS = [
  'cookies',
  'headers',
  'delay_ms',
  'wait_for_selector',
  'wait_until',
  'async',
] as const;

/** Per-item overrides of a bulk scrape: the item's own url, custom and capture options. */
const scrapeBulkItem = z.strictObject({
  url: z.string(),
  formats: scrapeFields.shape.formats.optional(),
  country: country.optional(),
  timeout_ms: scrapeFields.shape.timeout_ms.optional(),
  cache_ttl: cacheTtl.optional(),
  custom: custom.optional(),
});

const { url: _url, async: _async, webhook_url: _w, events: _e, ...scrapeShared } = scrapeFields.shape;
for (const field of BULK_RENDERING_FIELDS) delete (scrapeShared as Record<string, unknown>)[field];

/** POST /v1/scrape/bulk: the scrape options shared by every URL, plus the job's fields. */
export const scrapeBulkBody = z.strictObject({
  urls: urlsField(scrapeBulkItem),
  ...(scrapeShared as Omit<
    typeof scrapeFields.shape,
    'url' | 'async' | 'webhook_url' | 'events' | (typeof BULK_RENDERING_FIELDS)[number]
  >),
  ...jobFields,
});

/** Per-item overrides of a bulk fetch. */
const fetchBulkItem = z.strictObject({
  url: z.string(),
  format: fetchBody.shape.format,
  country: country.optional(),
  timeout_ms: fetchBody.shape.timeout_ms.optional(),
  cache_ttl: cacheTtl.optional(),
  custom: custom.optional(),
});

const { url: _fetchUrl, ...fetchShared } = fetchBody.shape;

/** POST /v1/fetch/bulk: plain-HTTP fetch options shared by every URL, plus the job's fields. */
export const fetchBulkBody = z.strictObject({
  urls: urlsField(fetchBulkItem),
  ...fetchShared,
  ...jobFields,
});

/** Scrape-only and rendering options bulk fetch refuses (400 validation_error, spec). */
export const BULK_FETCH_REFUSED_FIELDS: readonly string[] = SCRAPE_ONLY_FIELDS.filter(
  (field) => !(field in jobFields),
);

/** Per-item overrides of a bulk screenshot job: the item's own url, country and custom. */
const screenshotBulkItem = z.strictObject({
  url: z.string(),
  country: country.optional(),
  custom: custom.optional(),
});

// Bulk items do not record (docs/api/recordings.md).
const {
  url: _shotUrl,
  webhook_url: _sw,
  events: _se,
  record: _sr,
  ...screenshotShared
} = screenshotBody.shape;

/**
 * POST /v1/bulk, the bulk screenshot job: the options of POST /v1/screenshots shared by every URL
 * (checked as there: a combination the render cannot honour is a 422), plus the job's fields.
 */
export const screenshotBulkBody = z
  .strictObject({
    urls: urlsField(screenshotBulkItem),
    ...screenshotShared,
    ...jobFields,
  })
  .superRefine(checkScreenshotOptions);

export type ScreenshotBulkRequest = z.output<typeof screenshotBulkBody>;
export type ScrapeBulkRequest = z.output<typeof scrapeBulkBody>;
export type FetchBulkRequest = z.output<typeof fetchBulkBody>;

/** GET /v1/bulk: the listing, optionally of one status. */
export const bulkListQuery = z.object({
  status: z.enum(BULK_JOB_STATUSES as [string, ...string[]]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  cursor: z.string().optional(),
});

/** GET /v1/{scrape,fetch}/bulk/{id}: a page of the job's items. */
export const bulkItemsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  cursor: z.string().optional(),
});
