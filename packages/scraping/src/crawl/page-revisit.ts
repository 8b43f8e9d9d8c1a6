import { createHash } from 'node:crypto';
import type { CrawlSince, PreviousPage } from '@webcapture/service';
import type { CachedCapture } from '../cached-capture';
import type { CaptureOptions } from '../obtain-capture';

/**
 * An incremental crawl's page (docs/api/crawl.md, Incremental crawls): asked of the origin with
 * the validators of the earlier copy, and found unchanged when the origin answers 304 or sends the
 * same bytes again.
 */

/** How to ask for a page held from before, and what to compare its answer with. */
export interface Revisit {
  conditional: NonNullable<CaptureOptions['conditional']>;
  /** The earlier body's hash: a 200 with an equal one is unchanged too. */
  contentHash: string | null;
}

/** What a page's answer says about its version, for a later incremental crawl. */
export interface PageValidators {
  etag: string | null;
  lastModified: string | null;
  contentHash: string | null;
}

/** A page the origin says did not change: not converted, stored or billed. */
export interface UnchangedPage {
  unchanged: true;
  /** 304, or the 2xx whose body hashed as before. */
  statusCode: number;
  validators: PageValidators;
}

/**
 * The revisit of a page: with an earlier crawl's copy, its ETag and Last-Modified (and hash);
 * with a timestamp, If-Modified-Since that time; none when the earlier crawl did not have the page
 * (it is fetched in full).
 */
export function revisitOf(
  since: CrawlSince | undefined,
  previous: PreviousPage | undefined,
): Revisit | undefined {
  if (previous) {
    return {
      conditional: { ifNoneMatch: previous.etag, ifModifiedSince: previous.lastModified },
      contentHash: previous.contentHash,
    };
  }
  if (since && !since.crawl_id) {
    return { conditional: { ifModifiedSince: new Date(since.at).toUTCString() }, contentHash: null };
  }
  return undefined;
}

export function pageValidators(capture: CachedCapture): PageValidators {
  return {
    etag: capture.headers.etag ?? null,
    lastModified: capture.headers['last-modified'] ?? null,
    contentHash: capture.status === 304 ? null : createHash('sha256').update(capture.body).digest('hex'),
  };
}

/** The page as unchanged when the origin says so (304) or repeats the earlier body; else undefined. */
export function unchangedPage(capture: CachedCapture, revisit: Revisit): UnchangedPage | undefined {
  const validators = pageValidators(capture);
  const sameBody =
    capture.status >= 200 &&
    capture.status < 300 &&
    revisit.contentHash !== null &&
    validators.contentHash === revisit.contentHash;
  if (capture.status !== 304 && !sameBody) return undefined;
  return {
    unchanged: true,
    statusCode: capture.status,
    // A 304 may carry a newer ETag; the hash stays the earlier body's.
    validators: { ...validators, contentHash: validators.contentHash ?? revisit.contentHash },
  };
}
