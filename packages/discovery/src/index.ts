/**
 * @webcapture/discovery: finding a site's URLs without storage — URL normalisation, site scope,
 * robots.txt, sitemaps (streamed), a page's links and path patterns. `POST /v1/sitemap` calls
 * mapSite; the crawl uses the parts. See this package's README.
 */
export { contentFingerprint } from './content-fingerprint';
export { type FetchFile, type FetchFileOptions, fileFetcher } from './fetch-file';
export { DEFAULT_SITEMAP_PATHS, type MapSiteOptions, mapSite, type SiteMap } from './map-site';
export { type NormalizeOptions, normalizeUrl } from './normalize-url';
export { pageLinks, sniffFile } from './page-links';
export { compilePathPatterns, MAX_PATTERN_LENGTH, type PathMatcher } from './path-patterns';
export { rankBySearch } from './rank-by-search';
export { ROBOTS_USER_AGENT, type RobotsRules, readRobots, robotsRules } from './robots';
export { RobotsBook } from './robots-book';
export { type SiteScope, siteScope } from './site-scope';
export {
  isGzip,
  type ParsedSitemap,
  type ParseHandlers,
  type ParseLimits,
  parseSitemap,
  SITEMAPS_ORG_LIMITS,
  type SitemapEntry,
  type SitemapKind,
} from './sitemap-parse';
export type { SitemapReport } from './sitemap-report';
export { MAX_SITEMAP_FILES, SitemapTree } from './sitemap-tree';
export { type AddOutcome, type DiscoveredUrl, type DiscoverySource, UrlCollector } from './url-collector';
