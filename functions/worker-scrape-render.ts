import { scrapeJobHandler } from '@webcapture/scraping';
import { renderedCapture } from '@webcapture/scraping/rendered';

/** Scrapes with cookies, headers, a delay or a wait condition, rendered in Chromium. */
export const handler = scrapeJobHandler(renderedCapture);
