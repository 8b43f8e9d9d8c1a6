import { scrapeRenderWorker } from '@webcapture/jobs/browser';

/** Scrapes with cookies, headers, a delay or a wait condition, rendered in Chromium. */
export const handler = scrapeRenderWorker;
