import type { WebSearchOptions } from '@webcapture/scraping';
import { z } from 'zod';
import { scrapeEnvelopeResponse } from './responses';
import { scrapeFields } from './scrape';

/** A host name, lower case: `example.com`, `docs.example.com`. */
const siteName = z
  .string()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a host name such as "example.com" (no scheme, path or port)',
  );

/** The scrape fields a search applies to every result (POST /v1/scrape's, same defaults). */
export const searchScrapeFields = scrapeFields.pick({
  formats: true,
  markdownMode: true,
  markdownQuery: true,
  markdownLinks: true,
  markdownCompact: true,
  markdownFilterImages: true,
  markdownIncludeMedia: true,
  markdownIncludeWarnings: true,
  markdownIncludeStats: true,
  removeBase64Images: true,
  cache_ttl: true,
});

/** POST /v1/search. Every field error is 400 validation_error (spec, Errors), not 422. */
export const searchBody = z
  .strictObject({
    source: z
      .enum(['web', 'captures'])
      .default('web')
      .describe(
        "`web`: the configured search providers. `captures`: BM25 over this account's own captured pages (docs/api/search.md); lang, country and safe_search do not apply, scrape is refused.",
      ),
    query: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(500, 'must be at most 500 characters')
      .describe('What to search for, 1–500 characters.'),
    limit: z.number().int().min(1).max(20).default(5).describe('Results wanted, 1–20.'),
    lang: z
      .string()
      .regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code in lower case, e.g. "en"')
      .optional()
      .describe('Language of the results (ISO 639-1, e.g. "en").'),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in capitals, e.g. "US"')
      .optional()
      .describe(
        'Country the results are for (ISO 3166-1 alpha-2); scrapes of the results go out through it too.',
      ),
    time_range: z
      .enum(['day', 'week', 'month', 'year'])
      .optional()
      .describe('Only pages from the last day, week, month or year.'),
    site: z
      .union([siteName, z.array(siteName).min(1).max(10)])
      .optional()
      .transform((value) => (value === undefined ? undefined : typeof value === 'string' ? [value] : value))
      .describe('Restrict to one host or up to 10 (subdomains included).'),
    safe_search: z
      .enum(['off', 'moderate', 'strict'])
      .default('moderate')
      .describe('off, moderate or strict.'),
    timeout_ms: z
      .number()
      .int()
      .min(1000)
      .max(60_000)
      .default(30_000)
      .describe('The answer comes by then, whatever the providers and pages do (on AWS at most about 27 s).'),
    scrape: searchScrapeFields
      .optional()
      .describe(
        'Scrape every result through the scrape pipeline with these fields (as POST /v1/scrape). Each scrape is billed like a scrape; one that does not finish in time carries an error and makes the answer partial.',
      ),
  })
  .superRefine((body, context) => {
    if (body.source === 'captures' && body.scrape !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['scrape'],
        message:
          'is not taken with source "captures": the results are captures already (GET /v1/scrape/{capture_id})',
      });
    }
  });

export type SearchRequest = z.output<typeof searchBody>;

/**
 * The request in the pipeline's terms. The deadline counts from the request's arrival at the
 * gateway, so time spent on authentication and admission is inside timeout_ms, and never passes
 * what the function has left (captureBudgetMs).
 */
export function webSearchOptions(
  request: SearchRequest,
  arrivedAt: number,
  budgetMs: number,
): WebSearchOptions {
  return {
    query: {
      query: request.query,
      limit: request.limit,
      lang: request.lang,
      country: request.country,
      timeRange: request.time_range,
      sites: request.site,
      safeSearch: request.safe_search,
    },
    scrape: request.scrape,
    deadline: Math.min(arrivedAt + request.timeout_ms, Date.now() + budgetMs),
  };
}

/** A result's scrape that failed or ran out of time (shaped like a scrape job's error). */
const resultError = z.strictObject({
  code: z.string(),
  message: z.string(),
  http_status: z.number().int(),
  details: z.record(z.string(), z.unknown()).optional(),
});

const searchProvider = z.enum(['searxng', 'brave', 'serper', 'captures']);

/** One result: the search fields, plus the ScrapeEnvelope's fields when scraped, or an error. */
export const searchResultResponse = scrapeEnvelopeResponse
  .omit({ status: true, url: true, custom: true })
  .partial()
  .extend({
    url: z.string(),
    title: z.string(),
    description: z
      .string()
      .describe("the provider's snippet; for captures, the page text around the query's first word"),
    position: z.number().int().min(1),
    provider: searchProvider,
    published_at: z.iso.datetime().optional().describe('when the provider dates the page'),
    capture_id: z
      .string()
      .optional()
      .describe(
        'source "captures": the capture\'s id: a scrape id (scrape, bulk item, crawl page) or a monitor check id',
      ),
    capture_source: z
      .enum(['scrape', 'bulk', 'crawl', 'monitor'])
      .optional()
      .describe(
        'source "captures": what captured the page: a scrape (GET /v1/scrape/{capture_id}), a bulk scrape item, a crawl page, a monitor check',
      ),
    capture_parent_id: z
      .string()
      .optional()
      .describe(
        'source "captures": the bulk job, crawl or monitor the capture belongs to (absent for a scrape)',
      ),
    captured_at: z.iso.datetime().optional().describe('source "captures": when the page was retrieved'),
    error: resultError
      .optional()
      .describe('the result could not be scraped (in time); its search fields stand'),
  });

export const searchResponse = z.strictObject({
  results: z.array(searchResultResponse).describe('deduplicated by normalised URL, best first'),
  provider: searchProvider.describe(
    'the provider that answered (the first of the fallback chain that could); `captures` for source "captures"',
  ),
  partial: z.boolean().describe('true when some result asked to be scraped carries an error instead'),
});
