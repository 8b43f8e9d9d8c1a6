import type { FetchOptions } from './fetch-content';

type Content = FetchOptions['content'];

/**
 * A fetch request as the API validated it (snake_case, defaults applied) and as a bulk item
 * stores it. The http package's zod schema produces exactly this shape.
 */
export interface FetchRequestFields {
  url: string;
  format?: FetchOptions['format'];
  country: string;
  timeout_ms: number;
  /** Seconds; 0 skips the cache read. */
  cache_ttl: number;
  markdown_mode: Content['mode'];
  markdown_query: Content['query'];
  markdown_links: Content['links'];
  markdown_images: Content['images'];
  with_links_summary: Content['linksSummary'];
  with_images_summary: Content['imagesSummary'];
  markdown_compact: Content['compact'];
  markdown_filter_images: Content['filterImages'];
  markdown_include_media: Content['includeMedia'];
  markdown_include_warnings: Content['includeWarnings'];
  markdown_include_stats: Content['includeStats'];
}

/** The request in the pipeline's terms: GET/POST /v1/fetch and a bulk fetch item alike. */
export function fetchOptions(request: FetchRequestFields): FetchOptions {
  return {
    url: request.url,
    format: request.format,
    country: request.country,
    timeoutMs: request.timeout_ms,
    cacheTtlSeconds: request.cache_ttl,
    content: {
      mode: request.markdown_mode,
      query: request.markdown_query,
      links: request.markdown_links,
      images: request.markdown_images,
      linksSummary: request.with_links_summary,
      imagesSummary: request.with_images_summary,
      compact: request.markdown_compact,
      filterImages: request.markdown_filter_images,
      includeMedia: request.markdown_include_media,
      includeWarnings: request.markdown_include_warnings,
      includeStats: request.markdown_include_stats,
    },
  };
}
