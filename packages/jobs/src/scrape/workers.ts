import { fastPathCapture } from '@webcapture/scraping';
import { jsonJobWorker } from '../sqs-batch';
import { failDeadScrapeJob } from './dead-scrape-job';
import { runScrapeJob } from './run-scrape-job';

/** The scrape-jobs queue: async scrapes without rendering options, on the fast path. */
export const scrapeJobsWorker = jsonJobWorker((message: { accountId: string; id: string }) =>
  runScrapeJob(message, fastPathCapture),
);

/** The dead-letter queues of scrape-jobs and scrape-render: each job ends as failed, free. */
export const deadScrapesWorker = jsonJobWorker(failDeadScrapeJob);
