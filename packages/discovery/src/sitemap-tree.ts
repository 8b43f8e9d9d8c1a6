import type { FetchResult } from '@webcapture/capture';
import { isApiError } from '@webcapture/errors';
import type { LimitFunction } from 'p-limit';
import type { FetchFile } from './fetch-file';
import { normalizeUrl } from './normalize-url';
import type { RobotsBook } from './robots-book';
import { type ParseLimits, parseSitemap, type SitemapEntry } from './sitemap-parse';
import { type SitemapReport, skippedReport } from './sitemap-report';
import type { UrlCollector } from './url-collector';

export interface SitemapTreeOptions {
  fetchFile: FetchFile;
  robots: RobotsBook;
  collector: UrlCollector;
  /** The map's budget: once aborted, nothing more is fetched and unread files are `skipped`. */
  signal: AbortSignal;
  /** Ends the map (the limit was reached). */
  stop: () => void;
  limits: ParseLimits;
  /** Bounds how many files are fetched at once. */
  run: LimitFunction;
  /** Sitemap files read at most, over the whole tree. */
  maxFiles?: number;
}

/** Sitemap files read over one map at most: a index of indexes cannot make it fetch forever. */
export const MAX_SITEMAP_FILES = 1000;

/**
 * A sitemap and everything below it: indexes nested to any depth, each file read once (a loop
 * of indexes naming each other ends at the second visit), at most `run`'s concurrency at a time.
 */
export class SitemapTree {
  readonly #options: SitemapTreeOptions;
  readonly #reports = new Map<string, SitemapReport>();
  readonly #pending = new Set<Promise<void>>();
  #wireBytes = 0;
  #fileCapReached = false;

  constructor(options: SitemapTreeOptions) {
    this.#options = options;
  }

  get wireBytes(): number {
    return this.#wireBytes;
  }

  get fileCapReached(): boolean {
    return this.#fileCapReached;
  }

  /** Queues a sitemap; `probe`: a usual location, reported only when it turns out to be one. */
  read(url: string, { probe = false } = {}): void {
    const key = normalizeUrl(url, { ignoreQueryParams: false });
    if (!key || this.#reports.has(key)) return;
    if (this.#reports.size >= (this.#options.maxFiles ?? MAX_SITEMAP_FILES)) {
      this.#fileCapReached = true;
      return;
    }
    const report = skippedReport(url);
    this.#reports.set(key, report);
    this.#track(
      this.#options.run(async () => {
        if (this.#options.signal.aborted) return;
        const file = await this.#options
          .fetchFile(url, this.#options.limits.maxBytes)
          .catch((error: unknown) => {
            if (!this.#options.signal.aborted) failed(report, error);
            return null;
          });
        if (file) await this.#process(report, file, probe);
        if (probe && report.status !== 'read') this.#reports.delete(key);
      }),
    );
  }

  /** A sitemap already fetched (the caller's own URL), then its children. */
  async readFetched(url: string, file: FetchResult): Promise<void> {
    const report = skippedReport(url);
    this.#reports.set(normalizeUrl(url, { ignoreQueryParams: false }) ?? url, report);
    await this.#process(report, file, false);
    await this.settled();
  }

  /** Resolves once every queued file (and every file they queued) was read or skipped. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  reports(): SitemapReport[] {
    return [...this.#reports.values()];
  }

  #track(work: Promise<void>): void {
    this.#pending.add(work);
    work.finally(() => this.#pending.delete(work)).catch(() => undefined);
  }

  async #process(report: SitemapReport, file: FetchResult, probe: boolean): Promise<void> {
    const { collector, robots, signal, limits } = this.#options;
    report.status_code = file.status;
    if (file.status < 200 || file.status > 299) {
      Object.assign(report, { status: 'failed', error: 'http_status' });
      return;
    }
    const entries: SitemapEntry[] = [];
    const children: string[] = [];
    const parsed = await parseSitemap(
      file.body,
      {
        onUrl: (entry) => entries.push(entry) > 0 && !signal.aborted,
        onSitemap: (entry) => children.push(entry.loc) > 0 && !signal.aborted,
      },
      limits,
    );
    if (probe && parsed.urls + parsed.sitemaps === 0) return;
    this.#wireBytes += file.wireBytes;
    Object.assign(report, {
      status: 'read',
      kind: parsed.kind,
      urls: parsed.urls + parsed.sitemaps,
      truncated: parsed.truncated,
    });
    await robots.load(entries.map((entry) => entry.loc).filter((loc) => collector.inScope(loc)));
    for (const entry of entries) {
      if (signal.aborted || collector.add(entry.loc, 'sitemaps', entry.lastmod) === 'limit') {
        report.truncated = true;
        this.#options.stop();
        break;
      }
    }
    for (const child of children) this.read(child);
  }
}

function failed(report: SitemapReport, error: unknown): void {
  const reason = isApiError(error) ? error.details?.reason : undefined;
  Object.assign(report, { status: 'failed', error: typeof reason === 'string' ? reason : 'network_error' });
}
