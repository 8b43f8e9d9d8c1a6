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

/** The request as POST /v1/sitemap validated it (snake_case), and as a sitemap job stores it. */
export interface SitemapFields {
  url: string;
  limit: number;
  search: string;
  include_subdomains: boolean;
  ignore_query_params: boolean;
  sources: readonly DiscoverySource[];
  time_budget_ms: number;
  webhook_url?: string;
  events?: ReadonlyArray<'completed' | 'failed'>;
  custom: Record<string, unknown>;
}

/** The map a request asks for, within `timeBudgetMs` (its time_budget_ms, or less where the platform says). */
export function siteMapRequestOf(
  fields: SitemapFields,
  timeBudgetMs = fields.time_budget_ms,
): SiteMapRequest {
  return {
    url: fields.url,
    limit: fields.limit,
    search: fields.search,
    includeSubdomains: fields.include_subdomains,
    ignoreQueryParams: fields.ignore_query_params,
    sources: fields.sources,
    timeBudgetMs,
  };
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
