import { DEFAULT_SITEMAP_PATHS, mapSite } from '@webcapture/discovery';
import type { CrawlScope } from '@webcapture/scraping';
import { addToFrontier, type CrawlPageMessage, type CrawlRecord } from '@webcapture/service';
import { logger } from '@webcapture/telemetry';
import { skipUnchangedSitemapUrls } from './revisit';

/** How long the start page's worker spends reading the site's sitemaps. */
const SITEMAP_BUDGET_MS = 60_000;
/** Sitemap URLs taken at most: ten times the limit (filters skip many), within the map's own cap. */
const sitemapUrlCap = (limit: number) => Math.min(100_000, Math.max(1000, limit * 10));

/**
 * sitemap `include` or `only`: the start page's worker adds the site's sitemap URLs (robots.txt's
 * Sitemap lines, else the usual locations; nested, gzipped; robots-disallowed URLs left out by the
 * map) to the frontier at depth 1, so pages no link reaches (orphans) are crawled too. Run again
 * after a takeover, it adds nothing twice (the frontier's conditional puts).
 */
export async function addSitemapUrls(message: CrawlPageMessage, record: CrawlRecord, scope: CrawlScope) {
  const options = record.options;
  const declared = await scope.declaredSitemaps();
  // Each sitemap is the map's start, so the start page (scraped by this worker) is not fetched again.
  const roots = declared.length
    ? declared
    : DEFAULT_SITEMAP_PATHS.map((path) => new URL(path, options.url).href);
  // Each URL's lastmod: an incremental crawl does not fetch those older than `since`.
  const found = new Map<string, string | undefined>();
  for (const root of roots) {
    try {
      const map = await mapSite({
        url: root,
        limit: sitemapUrlCap(options.limit),
        includeSubdomains: options.allow_subdomains,
        ignoreQueryParams: options.ignore_query_params,
        sources: ['sitemaps'],
        timeBudgetMs: SITEMAP_BUDGET_MS,
      });
      for (const entry of map.urls) found.set(entry.url, entry.lastmod);
    } catch (error) {
      // A site without readable sitemaps is crawled by its links alone.
      logger().warn('crawl sitemap unreadable', { crawl_id: message.crawlId, sitemap: root, error });
    }
  }
  const entries = await scope.classify([...found.keys()], null, 'sitemap');
  const fetched = skipUnchangedSitemapUrls(entries, found, options.since);
  await addToFrontier(message.accountId, message.crawlId, fetched, options.max_urls_per_pattern);
}
