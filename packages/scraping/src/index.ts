// The capture cache is storage (service, cache/); re-exported for the pipelines' callers.
export {
  captureCacheKey,
  INLINE_BODY_MAX_BYTES,
  type PendingCacheWrite,
  readCachedCapture,
  writeCachedCapture,
  writeCachedCaptures,
} from '@webcapture/service';
export * from './cached-capture';
export * from './fetch';
export * from './obtain-capture';
export * from './page-content';
export * from './schema-extraction';
export * from './scrape';
export * from './scrape-billing';
export * from './scrape-job';
export * from './scrape-request';
export * from './sitemap';
