import { renderedCapture } from '@webcapture/scraping/rendered';
import { jsonJobWorker } from '../sqs-batch';
import { runScrapeJob } from './run-scrape-job';

/** The scrape-render queue: scrapes with cookies, headers, a delay or a wait condition, rendered in Chromium. */
export const scrapeRenderWorker = jsonJobWorker((message: { accountId: string; id: string }) =>
  runScrapeJob(message, renderedCapture),
);
