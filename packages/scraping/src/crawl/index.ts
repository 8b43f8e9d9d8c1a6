export * from './crawl-page';
export * from './crawl-scope';
