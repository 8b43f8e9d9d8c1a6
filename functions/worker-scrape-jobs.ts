import { scrapeJobsWorker } from '@webcapture/jobs';

/** Async scrapes without rendering options, on the fast path. */
export const handler = scrapeJobsWorker;
