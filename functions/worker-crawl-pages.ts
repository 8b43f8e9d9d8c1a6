import { crawlPagesWorker } from '@webcapture/jobs';

/** Crawl pages, one frontier URL per message, on the HTTP fast path (no browser). */
export const handler = crawlPagesWorker;
