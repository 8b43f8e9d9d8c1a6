import type { FetchRequestFields } from '@webcapture/scraping';
import { z } from 'zod';
import { canonicalFieldNames, otherSpelling } from '../field-names';
import { cacheTtl, country, custom, markdownMode, markdownQuery } from './capture-fields';
import { scrapeBody } from './scrape';

const linkStyle = z.enum(['inline', 'references', 'none', 'text']);

/** POST /v1/fetch (and GET /v1/fetch, whose query parameters carry the same fields). */
export const fetchBody = z.strictObject({
  url: z.string().describe('The page to capture, http or https; otherwise 400 invalid_url.'),
  format: z.enum(['markdown', 'html']).optional(),
  country,
  timeout_ms: z.number().int().min(1000).max(60_000).default(60_000),
  cache_ttl: cacheTtl.describe(
    'Oldest cached capture to accept: "<N>h" or "<N>d" (above 168h / 7d counts as 7d); 0, "0", "0h" or "0d" skips the read, and a fresh result is still cached for 7 days.',
  ),
  custom,
  markdown_mode: markdownMode,
  markdown_query: markdownQuery,
  markdown_links: linkStyle.default('inline'),
  markdown_images: linkStyle.default('inline'),
  with_links_summary: z.boolean().default(false),
  with_images_summary: z.boolean().default(false),
  markdown_compact: z.boolean().default(false),
  markdown_filter_images: z.boolean().default(false),
  markdown_include_media: z.boolean().default(false),
  markdown_include_warnings: z.boolean().default(false),
  markdown_include_stats: z.boolean().default(false),
});

export type FetchRequest = z.output<typeof fetchBody>;

/**
 * Options only scrape or bulk serve: sending one to fetch is a 400 before validation, so the
 * caller learns to use the other endpoint rather than a field-level complaint.
 */
export const SCRAPE_ONLY_FIELDS: readonly string[] = Object.keys(scrapeBody.shape).filter(
  (field) => !(field in fetchBody.shape) && !((otherSpelling(field) ?? '') in fetchBody.shape),
);

const booleanFields = Object.entries(fetchBody.shape)
  .filter(([, schema]) => schema.def.type === 'default' && typeof schema.def.defaultValue === 'boolean')
  .map(([name]) => name);

/** GET /v1/fetch: query strings → the body's types (booleans, integers, custom as JSON). */
export function fetchQueryToBody(query: Record<string, string | undefined>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  // Aliases first: the conversions below go by the canonical names.
  const named = canonicalFieldNames(fetchBody, query) as Record<string, string | undefined>;
  for (const [name, value] of Object.entries(named)) {
    if (value === undefined) continue;
    if (booleanFields.includes(name))
      body[name] = value === 'true' ? true : value === 'false' ? false : value;
    else if (name === 'timeout_ms' || (name === 'cache_ttl' && /^\d+$/.test(value)))
      body[name] = Number(value);
    else if (name === 'custom') body[name] = parseJsonOr(value);
    else body[name] = value;
  }
  return body;
}

function parseJsonOr(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

// The pipeline's own description of a request must stay what this schema produces.
const _sameShape: (request: FetchRequest) => FetchRequestFields = (request) => request;

// The mapping lives with the pipeline (bulk fetch items in @webcapture/jobs use it too).
export { fetchOptions } from '@webcapture/scraping';
