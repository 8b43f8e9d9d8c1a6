import { isApiError } from '@webcapture/errors';
import pLimit from 'p-limit';
import { type FetchFile, type FetchFileOptions, fileFetcher } from './fetch-file';
import { pageLinks, sniffFile } from './page-links';
import { RobotsBook } from './robots-book';
import { siteScope } from './site-scope';
import { SITEMAPS_ORG_LIMITS } from './sitemap-parse';
import type { SitemapReport } from './sitemap-report';
import { SitemapTree } from './sitemap-tree';
import { type DiscoveredUrl, type DiscoverySource, UrlCollector } from './url-collector';

export interface MapSiteOptions extends Pick<FetchFileOptions, 'fetcher' | 'allowPrivateTargets'> {
  /** A site (any page of it; its links are read) or a sitemap (read, with its children). */
  url: string;
  limit: number;
  includeSubdomains: boolean;
  ignoreQueryParams: boolean;
  sources: readonly DiscoverySource[];
  /** The whole map's deadline; when it passes, the map answers what it found with `complete: false`. */
  timeBudgetMs: number;
  /** Files fetched at once (default 4). */
  concurrency?: number;
  /** Deadline of one file (default 15 s, within the budget). */
  fileTimeoutMs?: number;
}

export interface SiteMap {
  urls: DiscoveredUrl[];
  sitemaps: SitemapReport[];
  /** False when the limit or the time budget cut the map: `cut` says which. */
  complete: boolean;
  cut?: 'limit' | 'time_budget' | 'sitemap_files';
  /** Wire bytes of every sitemap read (what the map bills). */
  sitemapBytes: number;
}

/** Where sitemaps usually are, tried when robots.txt names none. */
export const DEFAULT_SITEMAP_PATHS = ['/sitemap.xml', '/sitemap_index.xml'];

/**
 * Discovers a site's URLs without fetching its pages: robots.txt (its `Sitemap:` lines, else the
 * usual locations) and every sitemap below them, and the start page's links. Every file goes
 * through capture's SSRF-guarded fetcher; a refused start URL throws capture's 400.
 */
export async function mapSite(options: MapSiteOptions): Promise<SiteMap> {
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(), options.timeBudgetMs);
  const fetchFile = fileFetcher({
    signal: budget.signal,
    timeoutMs: Math.min(options.fileTimeoutMs ?? 15_000, options.timeBudgetMs),
    fetcher: options.fetcher,
    allowPrivateTargets: options.allowPrivateTargets,
  });
  const robots = new RobotsBook(fetchFile);
  const collector = new UrlCollector({
    limit: options.limit,
    scope: siteScope(options.url, { includeSubdomains: options.includeSubdomains }),
    ignoreQueryParams: options.ignoreQueryParams,
    isAllowed: (url) => robots.isAllowed(url),
  });
  const tree = new SitemapTree({
    fetchFile,
    robots,
    collector,
    signal: budget.signal,
    stop: () => budget.abort(),
    limits: SITEMAPS_ORG_LIMITS,
    run: pLimit(options.concurrency ?? 4),
  });
  try {
    await discover(options, { fetchFile, robots, collector, tree });
  } catch (error) {
    // Past the budget every fetch fails with `aborted`: that is a cut, not an error.
    if (!budget.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  const cut = collector.limitReached
    ? 'limit'
    : budget.signal.aborted
      ? 'time_budget'
      : tree.fileCapReached
        ? 'sitemap_files'
        : undefined;
  return {
    urls: collector.urls(),
    sitemaps: tree.reports(),
    complete: cut === undefined,
    ...(cut ? { cut } : {}),
    sitemapBytes: tree.wireBytes,
  };
}

interface Parts {
  fetchFile: FetchFile;
  robots: RobotsBook;
  collector: UrlCollector;
  tree: SitemapTree;
}

async function discover(options: MapSiteOptions, { fetchFile, robots, collector, tree }: Parts) {
  const start = new URL(options.url);
  const [rules, startFile] = await Promise.all([
    robots.rulesFor(start.href),
    fetchFile(start.href, SITEMAPS_ORG_LIMITS.maxBytes).catch((error: unknown) => {
      // A URL the guard refuses or cannot resolve is the caller's mistake: answer it (400).
      if (isApiError(error) && error.status < 500) throw error;
      return null;
    }),
  ]);
  const wantSitemaps = options.sources.includes('sitemaps');
  if (startFile && sniffFile(startFile) === 'sitemap') {
    // The caller named a sitemap: that tree is the map, whatever robots.txt lists.
    if (wantSitemaps) await tree.readFetched(start.href, startFile);
    return;
  }
  const work: Promise<unknown>[] = [];
  if (startFile && options.sources.includes('links')) {
    const links = pageLinks(startFile);
    work.push(
      robots.load(links.filter((link) => collector.inScope(link))).then(() => {
        for (const link of links) collector.add(link, 'links');
      }),
    );
  }
  if (wantSitemaps) {
    const declared = rules?.sitemaps ?? [];
    if (declared.length > 0) {
      for (const url of declared) tree.read(url);
    } else {
      for (const path of DEFAULT_SITEMAP_PATHS) tree.read(new URL(path, start).href, { probe: true });
    }
    work.push(tree.settled());
  }
  await Promise.all(work);
}
