import {
  checkTarget,
  classifyBlocked,
  type FetchRequest,
  type FetchResult,
  fetchPage,
} from '@webcapture/capture';
import {
  captureCacheKey,
  type PendingCacheWrite,
  readCachedCapture,
  writeCachedCapture,
} from '@webcapture/service';
import type { CachedCapture } from './cached-capture';

export type CacheStatus = 'hit' | 'miss' | 'bypass' | 'blocked';

export interface CaptureOptions {
  url: string;
  country: string;
  timeoutMs: number;
  /** Oldest cached capture acceptable; 0 skips the read. */
  readMaxAgeSeconds: number;
  /** TTL a fresh capture is written with; 0 writes nothing. */
  writeTtlSeconds: number;
  /**
   * Hands the cache write to the caller instead of making it (bulk items: a batch writes its
   * items' captures together with writeCachedCaptures, and awaits that before it commits).
   */
  deferCacheWrite?: (write: PendingCacheWrite) => void;
  /** Validators to send (an incremental crawl): the origin is asked, the cache is not read. */
  conditional?: FetchRequest['conditional'];
}

export interface ObtainedCapture {
  capture: CachedCapture;
  cache: CacheStatus;
  /** The origin's answer with the facts of its connection, when it was fetched now. */
  live?: FetchResult;
  /**
   * Rendered in a browser (scraping/rendered): the capture's body is the DOM, and this is the
   * main document's own content type, which the envelope reports.
   */
  rendered?: { contentType: string };
}

/**
 * Where a pipeline gets its page: the fast path behind the cache (obtainCapture), or a browser
 * with the request's rendering options (renderedSource in scraping/rendered).
 */
export type CaptureSource = (options: CaptureOptions) => Promise<ObtainedCapture>;

/**
 * Origin answers worth replaying: success and stable client errors, never server trouble, nor a
 * 304 (it says "your copy is current" to one conditional request, and has no body).
 */
function cacheEligible(capture: FetchResult): boolean {
  return capture.status < 500 && capture.status !== 408 && capture.status !== 429 && capture.status !== 304;
}

/** Every host a cached capture was redirected through is judged again, as a live fetch would be. */
async function checkHops(cached: CachedCapture): Promise<void> {
  const hops = [...cached.redirects.slice(1).map((hop) => hop.url), cached.finalUrl];
  const hosts = new Map(hops.map((hop) => [new URL(hop).host, new URL(hop)]));
  hosts.delete(new URL(cached.url).host);
  for (const url of hosts.values()) await checkTarget(url);
}

/**
 * The cache in front of the fast path. Pages classified as blocked (captcha or bot walls) are
 * served live and never written, so one wall never poisons later requests.
 */
export async function obtainCapture(options: CaptureOptions): Promise<ObtainedCapture> {
  const key = captureCacheKey(options);
  if (options.readMaxAgeSeconds > 0 && !options.conditional) {
    // The SSRF guard runs before the cache, not only at connect time: a capture made while
    // private targets were allowed, or before a name moved to a private address, is not served.
    await checkTarget(new URL(options.url));
    const cached = await readCachedCapture<CachedCapture>(key, options.readMaxAgeSeconds);
    if (cached) {
      await checkHops(cached);
      return { capture: cached, cache: 'hit' };
    }
  }
  const live = await fetchPage({
    url: options.url,
    timeoutMs: options.timeoutMs,
    country: options.country,
    conditional: options.conditional,
  });
  const { remoteAddress: _address, proxyCountry: _proxy, ...capture } = live;
  if (classifyBlocked(live).blocked) return { capture, cache: 'blocked', live };
  if (options.writeTtlSeconds > 0 && cacheEligible(live)) {
    if (options.deferCacheWrite)
      options.deferCacheWrite({ key, capture, ttlSeconds: options.writeTtlSeconds });
    else await writeCachedCapture(key, capture, options.writeTtlSeconds);
  }
  return { capture, cache: options.readMaxAgeSeconds > 0 ? 'miss' : 'bypass', live };
}
