export * from './capture-cache';
export * from './fetch';
export * from './obtain-capture';
export * from './page-content';
export * from './schema-extraction';
export * from './scrape';
