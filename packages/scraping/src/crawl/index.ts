// The crawl request's checks (http validates path patterns and spells the start URL as the frontier does).
export { compilePathPatterns, MAX_PATTERN_LENGTH, normalizeUrl } from '@webcapture/discovery';
export * from './crawl-page';
export * from './crawl-scope';
export * from './page-revisit';
