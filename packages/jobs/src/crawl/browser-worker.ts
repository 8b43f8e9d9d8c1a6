import { renderedSource } from '@webcapture/scraping/rendered';
import { crawlQueueWorker } from './workers';

/** The crawl-render queue: pages of crawls with `rendering`, in Chromium, one at a time. */
export const crawlRenderWorker = crawlQueueWorker(renderedSource);
