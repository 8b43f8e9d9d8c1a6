import type { ContentOptions } from '@webcapture/content';
import { ApiError, fieldError, invalidField } from '@webcapture/errors';
import { type CaptureOptions, type ObtainedCapture, obtainCapture } from '../obtain-capture';
import { pageContent, pageKind, UNTYPED_CONTENT_TYPE } from '../page-content';

/** Fetch with cache_ttl 0 still writes cache-eligible results, kept this long. */
export const FETCH_SKIP_READ_WRITE_TTL_SECONDS = 7 * 24 * 3600;

export interface FetchOptions {
  url: string;
  format?: 'markdown' | 'html';
  country: string;
  timeoutMs: number;
  cacheTtlSeconds: number;
  content: Omit<ContentOptions, 'url' | 'outputs'>;
  deferCacheWrite?: CaptureOptions['deferCacheWrite'];
}

/** What a successful fetch answers: its media type and body. */
export interface FetchContent {
  contentType: string;
  body: Uint8Array | string;
}

/**
 * The capture a fetch answers from, live or cached. A separate step from fetchContent so the
 * caller can bill it and describe it (X-Fetch-* headers) before anything about it can fail.
 */
export function captureForFetch(options: FetchOptions): Promise<ObtainedCapture> {
  return obtainCapture({
    url: options.url,
    country: options.country,
    timeoutMs: options.timeoutMs,
    readMaxAgeSeconds: options.cacheTtlSeconds,
    writeTtlSeconds: options.cacheTtlSeconds || FETCH_SKIP_READ_WRITE_TTL_SECONDS,
    deferCacheWrite: options.deferCacheWrite,
  });
}

/**
 * The origin's bytes verbatim, or the page through the content engine when a format is asked.
 * With include_media/warnings/stats the extras need structure, so the answer becomes JSON.
 * A non-2xx origin answer is the upstream_error envelope instead.
 */
export function fetchContent({ capture, cache }: ObtainedCapture, options: FetchOptions): FetchContent {
  if (capture.status < 200 || capture.status > 299) {
    // Only an error status can stand as ours: a 304, a 3xx without Location or LinkedIn's 999
    // would mislead clients and proxies, so those become 502 with the real one in the details.
    const mirrored = capture.status >= 400 && capture.status <= 599;
    throw new ApiError(
      'upstream_error',
      mirrored
        ? `The origin answered HTTP ${capture.status}.`
        : `The origin answered HTTP ${capture.status}, which is not a final answer; see details.upstream_status.`,
      {
        status: mirrored ? capture.status : 502,
        details: { upstream_status: capture.status, url: options.url, final_url: capture.finalUrl, cache },
      },
    );
  }
  if (!options.format) {
    return { contentType: capture.headers['content-type'] ?? UNTYPED_CONTENT_TYPE, body: capture.body };
  }
  if (pageKind(capture) === 'binary') throw unsupportedFormat(options.format, capture.contentType);
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
    return { contentType: `${type}; charset=utf-8`, body: text };
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
  return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(json) };
}

/**
 * A PDF or an image has no markup to convert: say so (422, so the caller fixes the request) rather
 * than answer an empty page at the markdown rate. Thrown after billing is recorded, as any failure
 * there, it costs nothing.
 */
function unsupportedFormat(format: string, contentType: string | null): ApiError {
  const message = `format ${format} needs an HTML or text page, but the origin sent ${contentType}; omit format to get the bytes as they are.`;
  return invalidField(message, {
    field: 'format',
    reason: 'unsupported_content_type',
    content_type: contentType,
    fields: [fieldError('format', 'unsupported_content_type', message)],
  });
}
