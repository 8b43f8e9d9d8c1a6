/*
 * Every queue worker's body and the scheduled sweeps, a folder per job kind. This entry point
 * never imports the browser; the workers that render are in `@webcapture/jobs/browser`.
 */
export * from './bulk';
export * from './crawl';
export * from './job-runs';
export * from './monitors';
export * from './scrape';
export * from './screenshots';
export * from './sitemap';
export * from './sqs-batch';
export * from './sweeps/recovery-sweep';
export * from './sweeps/webhook-sweep';
export * from './webhooks/delivery-worker';
