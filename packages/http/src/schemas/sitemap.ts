import { z } from 'zod';
import { custom } from './capture-fields';
import { checkUrlFields } from './url-fields';

export const SITEMAP_SOURCES = ['sitemaps', 'links'] as const;

/** time_budget_ms of a synchronous map: API Gateway ends every request at 30 s. */
export const SYNC_TIME_BUDGET_MAX_MS = 25_000;
/** time_budget_ms of a map run as a job: below its worker's 120 s timeout (queues.ts), with room to store it. */
export const JOB_TIME_BUDGET_MAX_MS = 90_000;

/**
 * POST /v1/sitemap. The URLs (url, webhook_url) are checked before this schema (400 invalid_url);
 * with webhook_url the map runs as a job (202), otherwise it is answered at once.
 */
export const sitemapBody = z
  .strictObject({
    url: z
      .string()
      .describe(
        'The site (any page of it: its links are read, and robots.txt names its sitemaps) or a sitemap, sitemap index or feed (read with everything below it). http or https; otherwise 400 invalid_url.',
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(5000)
      .describe('URLs answered at most; past it `complete` is false.'),
    search: z
      .string()
      .max(200, 'must be at most 200 characters')
      .default('')
      .describe(
        'Words: URLs whose host and path hold them (stemmed) come first, best first. Empty: the order found.',
      ),
    include_subdomains: z
      .boolean()
      .default(false)
      .describe('Also URLs of hosts under the site (blog.example.com).'),
    ignore_query_params: z
      .boolean()
      .default(true)
      .describe('Drop query strings, so /p?a=1 and /p?a=2 are one URL.'),
    sources: z
      .array(z.enum(SITEMAP_SOURCES))
      .min(1)
      .default([...SITEMAP_SOURCES])
      .transform((sources) => [...new Set(sources)])
      .describe(
        'Where URLs come from: `sitemaps` (robots.txt, the usual locations, indexes, feeds) and `links` (the start page).',
      ),
    time_budget_ms: z
      .number()
      .int()
      .min(1000)
      .max(JOB_TIME_BUDGET_MAX_MS)
      .default(20_000)
      .describe(
        'How long the map may take; when it runs out, the URLs found so far are answered with `complete: false`. At most 25,000 synchronously, 90,000 with webhook_url.',
      ),
    webhook_url: z
      .string()
      .optional()
      .describe(
        'Run the map as a job: 202 with its id at once, then sitemap.completed or sitemap.failed to this URL (Standard Webhooks). Must be https:// (http:// is 400 invalid_url).',
      ),
    events: z
      .array(z.enum(['completed', 'failed']))
      .min(1)
      .default(['completed', 'failed'])
      .transform((events) => [...new Set(events)])
      .describe('With webhook_url: which of sitemap.completed and sitemap.failed are sent.'),
    custom,
  })
  .superRefine((body, context) => {
    if (body.webhook_url === undefined && body.time_budget_ms > SYNC_TIME_BUDGET_MAX_MS) {
      context.addIssue({
        code: 'custom',
        path: ['time_budget_ms'],
        message: `must be at most ${SYNC_TIME_BUDGET_MAX_MS} without webhook_url (a synchronous answer); up to ${JOB_TIME_BUDGET_MAX_MS} as a job`,
      });
    }
  });

export type SitemapRequest = z.output<typeof sitemapBody>;

/** 400 invalid_url for `url` and `webhook_url` (https only, spec), before the schema. */
export const sitemapPrecheck = checkUrlFields;
