export * from './result-scrapes';
export * from './web-search';
