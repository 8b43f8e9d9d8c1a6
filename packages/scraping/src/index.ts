// The capture cache is storage (service, cache/); re-exported for the pipelines' callers.

// Change detection's input checks, for the monitors' request validation (http).
export { compileIgnorePatterns } from '@webcapture/changes';
export {
  captureCacheKey,
  INLINE_BODY_MAX_BYTES,
  type PendingCacheWrite,
  readCachedCapture,
  writeCachedCapture,
  writeCachedCaptures,
} from '@webcapture/service';
export * from './cached-capture';
export * from './crawl';
export * from './fetch/fetch-capture';
export * from './fetch/fetch-content';
export * from './fetch/fetch-request';
export * from './job-capture';
export * from './job-error';
export * from './monitors';
export * from './obtain-capture';
export * from './page-content';
export * from './recordings';
export * from './request-meter';
export * from './schema/schema-capture';
export * from './schema/schema-extraction';
export * from './scrape';
export * from './scrape-billing';
export * from './scrape-capture';
export * from './scrape-request';
export * from './screenshots/conclude-screenshot';
export * from './screenshots/screenshot-job';
export * from './screenshots/screenshot-request';
export * from './search';
export * from './sitemap';
