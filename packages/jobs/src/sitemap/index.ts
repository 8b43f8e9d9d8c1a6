export * from './abandoned-sitemap-job';
export * from './run-sitemap-job';
export * from './sitemap-webhook';
export * from './workers';
