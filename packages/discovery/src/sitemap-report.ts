import type { SitemapKind } from './sitemap-parse';

/** What happened to one sitemap file (the answer's `sitemaps` item). */
export interface SitemapReport {
  url: string;
  /**
   * `read`: fetched (2xx) and parsed; `failed`: a non-2xx answer or a failed fetch (see
   * `status_code`, `error`); `skipped`: not read because the limit or the time budget ended the
   * map first.
   */
  status: 'read' | 'failed' | 'skipped';
  /** HTTP status of the final response, or null when none arrived. */
  status_code: number | null;
  kind: SitemapKind | null;
  /** Entries read from it: page URLs (urlset, feed, text) or child sitemaps (index). */
  urls: number;
  /** The file held more than was taken from it (its 50,000-entry / 50 MB cap, the limit or the budget). */
  truncated: boolean;
  /** Why a failed file failed: capture's reason (`timeout`, `private_address`…) or `http_status`. */
  error?: string;
}

export function skippedReport(url: string): SitemapReport {
  return { url, status: 'skipped', status_code: null, kind: null, urls: 0, truncated: false };
}
