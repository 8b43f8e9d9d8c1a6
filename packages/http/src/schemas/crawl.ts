import { compilePathPatterns, MAX_PATTERN_LENGTH } from '@webcapture/scraping';
import {
  CRAWL_EVENTS,
  CRAWL_ITEM_STATUSES,
  CRAWL_SKIP_REASONS,
  CRAWL_STATUSES,
  DEFAULT_MAX_URLS_PER_PATTERN,
  idPattern,
} from '@webcapture/service';
import { z } from 'zod';
import { BULK_RENDERING_FIELDS } from './bulk';
import { custom } from './capture-fields';
import { pollUrl } from './responses';
import { renderingOptions, scrapeBody } from './scrape';
import { checkUrlFields, refuseFields } from './url-fields';

/** The most pages one crawl may scrape on any plan; a plan allows 1,000 per unit of its concurrency. */
export const CRAWL_MAX_LIMIT = 100_000;
export const crawlLimitOfPlan = (concurrency: number) => Math.min(CRAWL_MAX_LIMIT, 1000 * concurrency);

const pathPatterns = (field: string, what: string) =>
  z
    .array(z.string().max(MAX_PATTERN_LENGTH))
    .max(100)
    .default([])
    .superRefine((patterns, ctx) => {
      try {
        compilePathPatterns(patterns, field);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: (error as Error).message,
          params: { reason: 'invalid_pattern' },
        });
      }
    })
    .describe(
      `${what} Regular expressions (RE2 syntax, linear time: no backreferences or lookaround) found anywhere in a URL's path; anchor with ^ and $. An invalid one is 422 validation_error.`,
    );

const {
  url: _url,
  async: _async,
  webhook_url: _webhook,
  events: _events,
  custom: _custom,
  ...scrapeFields
} = scrapeBody.shape;
for (const field of BULK_RENDERING_FIELDS) delete (scrapeFields as Record<string, unknown>)[field];

/** POST /v1/crawl. URLs are checked before this schema (400 invalid_url). */
export const crawlBody = z.strictObject({
  url: z
    .string()
    .describe('Where the crawl starts (depth 0), http or https; the site is its host without www.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(CRAWL_MAX_LIMIT)
    .default(100)
    .describe(
      'Pages scraped at most (completed or failed; skipped URLs do not count), after every filter. The plan caps it at 1,000 × its concurrency: above that is 422.',
    ),
  max_depth: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(10)
    .describe(
      'Links followed from the start URL at most (sitemap URLs are depth 1); deeper URLs are skipped (depth).',
    ),
  include_paths: pathPatterns(
    'include_paths',
    'Only URLs whose path matches one of these are crawled (others: skipped, excluded).',
  ),
  exclude_paths: pathPatterns(
    'exclude_paths',
    'URLs whose path matches one of these are skipped (excluded).',
  ),
  allow_subdomains: z
    .boolean()
    .default(false)
    .describe('Also crawl hosts under the site (blog.example.com).'),
  allow_external: z
    .boolean()
    .default(false)
    .describe('Also scrape pages of other sites that the site links to (their own links are not followed).'),
  sitemap: z
    .enum(['include', 'skip', 'only'])
    .default('include')
    .describe(
      "include: the site's sitemaps add URLs (orphans too) beside the links; skip: links only; only: the start page and the sitemaps' URLs, no links followed.",
    ),
  ignore_query_params: z
    .boolean()
    .default(true)
    .describe('Drop query strings, so /p?a=1 and /p?a=2 are one URL (and one page).'),
  respect_robots: z
    .boolean()
    .default(true)
    .describe(
      'Obey robots.txt (Disallow: skipped, robots; Crawl-delay: spacing per host). false is refused (422) where the deployment sets CRAWL_ROBOTS_REQUIRED=true.',
    ),
  delay_ms: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(0)
    .describe("Per host: at least this long between two requests (the site's Crawl-delay wins when longer)."),
  max_concurrency: z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(5)
    .describe('Per host: requests in flight at most.'),
  deduplicate: z
    .boolean()
    .default(true)
    .describe(
      'Pages with the same canonical URL, or main text within SimHash distance 3 of a page already scraped, are skipped (duplicate) with duplicate_of, not billed.',
    ),
  max_urls_per_pattern: z
    .number()
    .int()
    .min(1)
    .max(CRAWL_MAX_LIMIT)
    .default(DEFAULT_MAX_URLS_PER_PATTERN)
    .describe(
      'Against traps: URLs of one path pattern (host, path with every segment holding a digit as {n}, query parameter names: /calendar/2026/11 is /calendar/{n}/{n}) queued at most; the rest are skipped (trap), never fetched.',
    ),
  since: z
    .string()
    .superRefine((since, ctx) => {
      const problem = sinceProblem(since);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { reason: 'invalid_since' } });
    })
    .optional()
    .describe(
      "Incremental crawl: one of your earlier crawls' id (cr_…), whose pages' ETag, Last-Modified and content hash are compared, or an ISO 8601 timestamp (sent as If-Modified-Since). Pages that did not change are skipped (unchanged), not billed; their links are still followed. Sitemap URLs whose lastmod is older are not fetched. Another account's or an unknown crawl id: 404.",
    ),
  ...(scrapeFields as Omit<
    typeof scrapeBody.shape,
    'url' | 'async' | 'webhook_url' | 'events' | 'custom' | (typeof BULK_RENDERING_FIELDS)[number]
  >),
  rendering: renderingOptions
    .optional()
    .describe(
      'Render every page in a browser with these options, the fields of POST /v1/scrape (an empty object renders with the defaults: wait_until load); links are then taken from the rendered DOM. Absent: the HTTP fast path.',
    ),
  webhook_url: z.string().optional().describe('https:// only; receives the events named in `events`.'),
  events: z
    .array(z.enum(CRAWL_EVENTS))
    .min(1)
    .default([...CRAWL_EVENTS])
    .describe('Which events to send to webhook_url; default all five.'),
  custom,
});

export type CrawlRequest = z.output<typeof crawlBody>;

/** Scrape fields a crawl does not take at its top level: the rendering ones go in `rendering`; a crawl is always a job. */
const NOT_TOP_LEVEL = BULK_RENDERING_FIELDS.filter((field) => field !== 'delay_ms');

const CRAWL_ID = new RegExp(idPattern('cr'));
const TIMESTAMP = z.iso.datetime({ offset: true });

/** Why `since` is neither a crawl id nor a past ISO 8601 timestamp (undefined when it is one). */
function sinceProblem(since: string): string | undefined {
  if (CRAWL_ID.test(since)) return undefined;
  if (!TIMESTAMP.safeParse(since).success)
    return 'since must be a crawl id (cr_…) or an ISO 8601 timestamp such as 2026-11-01T00:00:00Z.';
  if (Date.parse(since) > Date.now()) return 'since must not be in the future.';
  return undefined;
}

/**
 * 400s before validation: rendering options sent at the top level as on scrape (they go in
 * `rendering`; the crawl's own `delay_ms` is its per-host spacing), and `url` and `webhook_url`
 * (https only, spec).
 */
export async function crawlPrecheck(input: unknown): Promise<void> {
  refuseFields(
    input,
    NOT_TOP_LEVEL,
    'send rendering options inside the `rendering` object, e.g. {"rendering": {"wait_until": "networkidle"}}; a crawl is always asynchronous',
  );
  await checkUrlFields(input);
}

export const crawlListQuery = z.object({
  status: z
    .enum(CRAWL_STATUSES as [string, ...string[]])
    .optional()
    .describe('Only crawls in this state.'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
});

export const crawlItemsQuery = z.object({
  status: z
    .enum(CRAWL_ITEM_STATUSES as [string, ...string[]])
    .optional()
    .describe('Only URLs in this state.'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().optional(),
});

const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');
const int = z.number().int();

export const crawlResponse = z.strictObject({
  id: z.string().regex(/^cr_/),
  url: z.string(),
  status: z
    .enum(CRAWL_STATUSES as [string, ...string[]])
    .describe(
      'queued → running → completed (a page completed) or failed (none did); queued or running → cancelled (DELETE).',
    ),
  counts: z
    .strictObject({
      discovered: int.describe('URLs found, each once: completed + failed + skipped + queued + running'),
      queued: int,
      running: int,
      completed: int,
      failed: int,
      skipped: int,
    })
    .describe('Exact. When the crawl has ended: completed + failed + skipped = discovered.'),
  limit: int,
  billed_bytes: int.describe("billable bytes charged for the crawl's pages so far"),
  created_at: timestamp,
  started_at: timestamp.nullable(),
  completed_at: timestamp.nullable().describe('when the crawl ended (its terminal event was recorded)'),
  cancelled_at: timestamp.nullable(),
  webhook_url: z.string().nullable(),
  events: z.array(z.string()),
  custom: z.record(z.string(), z.unknown()),
  since: z.string().nullable().describe('incremental crawls: `since` as sent (a crawl id or a timestamp)'),
});

export const crawlAcceptedResponse = crawlResponse.extend({ poll_url: pollUrl });

export const crawlItemResponse = z.strictObject({
  url: z.string().describe('normalised'),
  status: z.enum(CRAWL_ITEM_STATUSES as [string, ...string[]]),
  reason: z
    .enum(CRAWL_SKIP_REASONS)
    .nullable()
    .describe(
      'skipped: robots (disallowed), excluded (include/exclude_paths), external (another site), depth (past max_depth), limit (limit reached), duplicate (see duplicate_of), cancelled (DELETE), trap (past max_urls_per_pattern), unchanged (incremental crawl: the origin answered 304 or the same bytes, or the sitemap lastmod is older than since; not billed)',
    ),
  duplicate_of: z.string().nullable().describe('skipped (duplicate): the page it repeats'),
  depth: int,
  parent: z
    .string()
    .nullable()
    .describe('the page that linked it first; null for the start URL and sitemap URLs'),
  source: z.enum(['start', 'link', 'sitemap']),
  status_code: int.nullable().describe("the origin's HTTP status, once fetched"),
  error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
  billed_bytes: int,
  completed_at: timestamp.nullable(),
  previous_crawl_id: z
    .string()
    .nullable()
    .describe('skipped (unchanged): the crawl that fetched the content this page still has, when known'),
  unchanged_since: timestamp
    .nullable()
    .describe('skipped (unchanged): when that content was fetched, or the since timestamp'),
  content_url: z
    .string()
    .nullable()
    .describe(
      'completed pages, and unchanged pages with an earlier copy: the scrape envelope (absolute, under PUBLIC_BASE_URL), signed anew on every read, valid 600 s',
    ),
});

export const crawlWithItemsResponse = crawlResponse.extend({
  items: z.array(crawlItemResponse),
  next_cursor: z.string().nullable(),
});

export const crawlPageResponse = z.strictObject({
  data: z.array(crawlResponse),
  next_cursor: z.string().nullable(),
});
