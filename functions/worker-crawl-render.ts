import { crawlRenderWorker } from '@webcapture/jobs/browser';

/** Pages of crawls with `rendering`, handed over by the crawl-pages worker, rendered in Chromium. */
export const handler = crawlRenderWorker;
