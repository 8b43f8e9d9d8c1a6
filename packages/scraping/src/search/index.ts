export * from './capture-documents';
export * from './capture-search';
export * from './result-scrapes';
export * from './web-search';
