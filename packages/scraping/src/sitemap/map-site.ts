import { type DiscoverySource, mapSite, rankBySearch, type SitemapReport } from '@webcapture/discovery';

export interface SiteMapRequest {
  url: string;
  limit: number;
  search: string;
  includeSubdomains: boolean;
  ignoreQueryParams: boolean;
  sources: readonly DiscoverySource[];
  timeBudgetMs: number;
}

export interface SiteMapAnswer {
  urls: Array<{ url: string; lastmod?: string; sources: DiscoverySource[] }>;
  sitemaps: SitemapReport[];
  complete: boolean;
  /** Why `complete` is false: the limit, the time budget, or the cap on sitemap files. */
  cut?: 'limit' | 'time_budget' | 'sitemap_files';
}

/** POST /v1/sitemap's work: the map (discovery), ranked by `search`; and the bytes it bills. */
export async function siteMap(
  request: SiteMapRequest,
): Promise<{ answer: SiteMapAnswer; billedBytes: number }> {
  const map = await mapSite({
    url: request.url,
    limit: request.limit,
    includeSubdomains: request.includeSubdomains,
    ignoreQueryParams: request.ignoreQueryParams,
    sources: request.sources,
    timeBudgetMs: request.timeBudgetMs,
  });
  const urls = request.search ? rankBySearch(map.urls, request.search) : map.urls;
  const answer: SiteMapAnswer = { urls, sitemaps: map.sitemaps, complete: map.complete };
  if (map.cut) answer.cut = map.cut;
  return { answer, billedBytes: map.sitemapBytes };
}
