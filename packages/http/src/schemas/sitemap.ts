import { ApiError } from '@webcapture/errors';
import { z } from 'zod';
import { custom } from './capture-fields';
import { checkUrlFields } from './url-fields';

export const SITEMAP_SOURCES = ['sitemaps', 'links'] as const;

/**
 * POST /v1/sitemap. The URLs (url, webhook_url) are checked before this schema (400 invalid_url);
 * a webhook (the map as a job) is refused with 501 until that mode is built.
 */
export const sitemapBody = z.strictObject({
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
    .max(25_000)
    .default(20_000)
    .describe(
      'How long the map may take; when it runs out, the URLs found so far are answered with `complete: false`.',
    ),
  webhook_url: z
    .string()
    .optional()
    .describe('Must be https:// (http:// is 400 invalid_url). The webhook mode is not available yet: 501.'),
  events: z.array(z.enum(['completed', 'failed'])).optional(),
  custom,
});

export type SitemapRequest = z.output<typeof sitemapBody>;

/** 400 invalid_url for `url` and `webhook_url` (https only, spec), then 501 for the unbuilt webhook mode. */
export async function sitemapPrecheck(input: unknown): Promise<void> {
  await checkUrlFields(input);
  const body = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  if (body.webhook_url !== undefined) {
    throw new ApiError(
      'not_implemented',
      'POST /v1/sitemap with webhook_url (a map run as a job) is not available yet; leave webhook_url out for the synchronous answer.',
      {
        details: { field: 'webhook_url', reason: 'webhook_mode_unavailable' },
      },
    );
  }
}
