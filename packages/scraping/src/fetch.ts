import type { ContentOptions } from '@webcapture/content';
import { ApiError } from '@webcapture/errors';
import type { CachedCapture } from './capture-cache';
import { type CacheStatus, obtainCapture } from './obtain-capture';
import { pageContent } from './page-content';

/** Fetch with cache_ttl 0 still writes cache-eligible results, kept this long. */
export const FETCH_SKIP_READ_WRITE_TTL_SECONDS = 7 * 24 * 3600;

export interface FetchOptions {
  url: string;
  format?: 'markdown' | 'html';
  country: string;
  timeoutMs: number;
  cacheTtlSeconds: number;
  content: Omit<ContentOptions, 'url' | 'outputs'>;
}

export interface FetchOutcome {
  capture: CachedCapture;
  cache: CacheStatus;
  contentType: string;
  body: Uint8Array | string;
}

/**
 * `onCapture` hears of the capture as soon as it exists, before any error, so the caller can bill.
 * The origin's bytes verbatim, or the page through the content engine when a format is asked.
 * With include_media/warnings/stats the extras need structure, so the answer becomes JSON.
 */
export async function fetchUpstream(
  options: FetchOptions,
  onCapture: (capture: CachedCapture, cache: CacheStatus) => void,
): Promise<FetchOutcome> {
  const { capture, cache } = await obtainCapture({
    url: options.url,
    country: options.country,
    timeoutMs: options.timeoutMs,
    readMaxAgeSeconds: options.cacheTtlSeconds,
    writeTtlSeconds: options.cacheTtlSeconds || FETCH_SKIP_READ_WRITE_TTL_SECONDS,
  });
  // Told before a non-2xx becomes upstream_error: a cached non-2xx answer is still billed.
  onCapture(capture, cache);
  if (capture.status < 200 || capture.status > 299) {
    throw new ApiError('upstream_error', `The origin answered HTTP ${capture.status}.`, {
      status: capture.status,
      details: { upstream_status: capture.status, url: options.url, final_url: capture.finalUrl, cache },
    });
  }
  return render(capture, cache, options);
}

function render(capture: CachedCapture, cache: CacheStatus, options: FetchOptions): FetchOutcome {
  if (!options.format) {
    return {
      capture,
      cache,
      contentType: capture.headers['content-type'] ?? 'application/octet-stream',
      body: capture.body,
    };
  }
  const wantsExtras =
    options.content.includeMedia || options.content.includeWarnings || options.content.includeStats;
  const outputs = wantsExtras && options.content.includeMedia ? ['links', 'images'] : [];
  const page = pageContent(capture, {
    ...options.content,
    outputs: [options.format, ...outputs] as ContentOptions['outputs'],
  });
  const text = (page.result ? page.result[options.format] : page.text) ?? '';
  if (!wantsExtras) {
    const type = options.format === 'html' ? 'text/html' : 'text/markdown';
    return { capture, cache, contentType: `${type}; charset=utf-8`, body: text };
  }
  const result = page.result;
  const json = {
    format: options.format,
    content: text,
    ...(options.content.includeMedia
      ? { links: result?.links ?? [], images: result?.images ?? [], tables: result?.tables ?? [] }
      : {}),
    ...(options.content.includeWarnings ? { warnings: result?.warnings ?? [] } : {}),
    ...(options.content.includeStats && result?.stats ? { stats: result.stats } : {}),
  };
  return { capture, cache, contentType: 'application/json; charset=utf-8', body: JSON.stringify(json) };
}
