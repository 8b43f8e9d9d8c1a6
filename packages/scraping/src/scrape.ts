import type { FetchResult } from '@webcapture/capture';
import type { ContentOptions, Metadata, Warning } from '@webcapture/content';
import { recordingIdFor } from '@webcapture/service';
import type { CachedCapture } from './cached-capture';
import {
  type CacheStatus,
  type CaptureOptions,
  type CaptureSource,
  type ObtainedCapture,
  obtainCapture,
} from './obtain-capture';
import { pageContent, reportedContentType } from './page-content';

export type ScrapeFormat = 'rawHtml' | 'html' | 'markdown' | 'links' | 'images';

export interface ScrapeOptions {
  scrapeId: string;
  url: string;
  formats: ScrapeFormat[];
  country: string;
  timeoutMs: number;
  /** 0 skips the cache (read and write); otherwise the cache_ttl in seconds. */
  cacheTtlSeconds: number;
  content: Omit<ContentOptions, 'url' | 'outputs'>;
  custom: Record<string, unknown>;
  deferCacheWrite?: CaptureOptions['deferCacheWrite'];
  /** Keep a recording of the capture: the envelope names it (recording_id) and the cache is skipped. */
  record?: boolean;
}

const EMPTY_METADATA: Metadata = {
  title: null,
  description: null,
  language: null,
  canonicalUrl: null,
  ogTitle: null,
  ogDescription: null,
  ogImage: null,
  byline: null,
  publishedAt: null,
  siteName: null,
};

/**
 * The ScrapeEnvelope of the spec, built from one capture (live or cached). A recorded scrape
 * always goes to the origin (a recording is evidence of what the site answered now) and hands
 * back the live exchange for the recording. `source` is the fast path unless the caller renders.
 */
export async function scrapePage(
  options: ScrapeOptions,
  source: CaptureSource = obtainCapture,
): Promise<{
  envelope: ScrapeEnvelope;
  wireBytes: number;
  cache: CacheStatus;
  live?: FetchResult;
}> {
  const obtained = await obtainScrapeCapture(options, undefined, source);
  const envelope = scrapedEnvelope(obtained, options);
  return { envelope, wireBytes: obtained.capture.wireBytes, cache: obtained.cache, live: obtained.live };
}

/** A scrape's capture, live or cached; `conditional` validators go to the origin (never the cache). */
export function obtainScrapeCapture(
  options: ScrapeOptions,
  conditional?: CaptureOptions['conditional'],
  source: CaptureSource = obtainCapture,
): Promise<ObtainedCapture> {
  const cacheTtlSeconds = options.record ? 0 : options.cacheTtlSeconds;
  return source({
    url: options.url,
    country: options.country,
    timeoutMs: options.timeoutMs,
    readMaxAgeSeconds: cacheTtlSeconds,
    writeTtlSeconds: cacheTtlSeconds,
    deferCacheWrite: options.deferCacheWrite,
    conditional,
  });
}

/**
 * The envelope scrapePage answers for a capture obtained already. The empty-content warning
 * advises rendering: a rendered page has had it.
 */
export function scrapedEnvelope(
  { capture, rendered }: Pick<ObtainedCapture, 'capture' | 'rendered'>,
  options: ScrapeOptions,
): ScrapeEnvelope {
  return rendered
    ? scrapeEnvelope(capture, options, rendered.contentType)
    : withEmptyContentWarning(scrapeEnvelope(capture, options));
}

/** The warning of a fast-path page whose main content came out empty (README: warnings). */
export const EMPTY_CONTENT_WARNING: Warning = {
  code: 'empty_content',
  message:
    'The main content is empty over plain HTTP: the page is probably built by script. Send wait_until: "networkidle" (or wait_for_selector) to render it in a browser.',
  element: 'main',
};

/**
 * A page built by script gives an empty markdown or html on the fast path; said always, also when
 * warnings were not asked for, since an empty success is otherwise indistinguishable from an empty page.
 */
function withEmptyContentWarning(envelope: ScrapeEnvelope): ScrapeEnvelope {
  const content = envelope.formats.markdown ?? envelope.formats.html;
  if (typeof content !== 'string' || content.trim() !== '') return envelope;
  return { ...envelope, warnings: [...(envelope.warnings ?? []), EMPTY_CONTENT_WARNING] };
}

/**
 * The envelope of one capture. `contentType` is what the envelope reports, by default the
 * capture's own (a rendered page is processed as the HTML of its DOM but reports its document's type).
 */
export function scrapeEnvelope(
  capture: CachedCapture,
  options: ScrapeOptions,
  contentType: string = reportedContentType(capture),
) {
  const wants = new Set(options.formats);
  const page = pageContent(capture, {
    ...options.content,
    outputs: options.formats.filter((f): f is Exclude<ScrapeFormat, 'rawHtml'> => f !== 'rawHtml'),
  });
  const result = page.result;
  const formats: Record<string, unknown> = {};
  if (wants.has('rawHtml')) formats.rawHtml = page.text;
  // A text body (JSON, plain text) has no markup to clean: html and markdown carry it as is.
  if (wants.has('html')) formats.html = result ? result.html : page.text;
  if (wants.has('markdown')) formats.markdown = result ? result.markdown : page.text;
  if (wants.has('links')) formats.links = result?.links ?? [];
  if (wants.has('images')) formats.images = result?.images ?? [];

  const markdownExtras = wants.has('markdown') && result;
  return {
    status: 'success' as const,
    scrapeId: options.scrapeId,
    url: options.url,
    finalUrl: capture.finalUrl,
    contentType,
    contentLength: capture.wireBytes,
    statusCode: capture.status,
    retrievedAt: capture.retrievedAt,
    formats,
    metadata: result?.metadata ?? EMPTY_METADATA,
    ...(markdownExtras && options.content.includeMedia ? { tables: result.tables ?? [] } : {}),
    ...(markdownExtras && options.content.includeWarnings ? { warnings: result.warnings ?? [] } : {}),
    ...(markdownExtras && options.content.includeStats ? { stats: result.stats } : {}),
    custom: options.custom,
    ...(options.record ? { recording_id: recordingIdFor(options.scrapeId) } : {}),
  };
}

export type ScrapeEnvelope = ReturnType<typeof scrapeEnvelope>;
