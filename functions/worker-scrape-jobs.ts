import { fastPathCapture, scrapeJobHandler } from '@webcapture/scraping';

/** Async scrapes without rendering options, on the fast path. */
export const handler = scrapeJobHandler(fastPathCapture);
