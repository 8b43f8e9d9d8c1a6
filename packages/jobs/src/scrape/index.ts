export * from './dead-scrape-job';
export * from './run-scrape-job';
export * from './scrape-recovery';
export * from './scrape-webhook';
export * from './workers';
