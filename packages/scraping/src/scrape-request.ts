import type { RenderCookie } from '@webcapture/render';
import type { ScrapeFormat, ScrapeOptions } from './scrape';

/**
 * A scrape request as the API validated it (snake_case, defaults applied) and as a queued job
 * stores it. The http package's zod schema produces exactly this shape.
 */
export interface ScrapeRequestFields {
  url: string;
  formats: ScrapeFormat[];
  country: string;
  cookies: RenderCookie[];
  headers: Record<string, string>;
  delay_ms: number;
  timeout_ms: number;
  wait_for_selector?: string;
  wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
  async: boolean;
  webhook_url?: string;
  events: Array<'completed' | 'failed'>;
  markdownMode: 'article' | 'raw' | 'llm';
  markdownQuery: string;
  markdownLinks: 'inline' | 'references' | 'none';
  markdownCompact: boolean;
  markdownFilterImages: boolean;
  markdownIncludeMedia: boolean;
  markdownIncludeWarnings: boolean;
  markdownIncludeStats: boolean;
  removeBase64Images: boolean;
  /** Seconds; 0 skips the cache. */
  cache_ttl: number;
  custom: Record<string, unknown>;
  /** Keep a recording (WACZ) of the capture; the result names it in recording_id (absent: false). */
  record?: boolean;
}

/** The options that shape a render: a scrape's own, and a rendered crawl's or monitor's `rendering`. */
export type RenderingFields = Pick<
  ScrapeRequestFields,
  'cookies' | 'headers' | 'delay_ms' | 'wait_for_selector' | 'wait_until'
>;

/** Cookies, headers, a delay or a wait condition need a browser: the request goes async. */
export function needsRendering(request: ScrapeRequestFields): boolean {
  return (
    request.cookies.length > 0 ||
    Object.keys(request.headers).length > 0 ||
    request.delay_ms > 0 ||
    request.wait_for_selector !== undefined ||
    request.wait_until !== undefined
  );
}

/** The fields that shape a fast-path scrape's output (a search's scrapes of its results have only these). */
export type ScrapeOutputFields = Omit<
  ScrapeRequestFields,
  'cookies' | 'headers' | 'delay_ms' | 'wait_for_selector' | 'wait_until' | 'async' | 'webhook_url' | 'events'
>;

/** The request in the terms of the scrape pipeline. */
export function scrapeOptions(request: ScrapeOutputFields, scrapeId: string): ScrapeOptions {
  // The markdown* extras only take effect when markdown is among the formats (spec).
  const markdown = request.formats.includes('markdown');
  return {
    scrapeId,
    url: request.url,
    formats: request.formats,
    country: request.country,
    timeoutMs: request.timeout_ms,
    cacheTtlSeconds: request.cache_ttl,
    custom: request.custom,
    record: request.record === true,
    content: {
      mode: request.markdownMode,
      query: request.markdownQuery,
      links: request.markdownLinks,
      compact: request.markdownCompact,
      filterImages: request.markdownFilterImages,
      includeMedia: markdown && request.markdownIncludeMedia,
      includeWarnings: markdown && request.markdownIncludeWarnings,
      includeStats: markdown && request.markdownIncludeStats,
      removeBase64Images: request.removeBase64Images,
    },
  };
}
