export * from './capture-cache';
export * from './fetch';
export * from './obtain-capture';
export * from './page-content';
export * from './scrape';
export * from './scrape-billing';
export * from './scrape-job';
export * from './scrape-request';
