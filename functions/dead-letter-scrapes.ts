import { defineQueueWorker } from '@webcapture/http';
import { failDeadScrapeJob } from '@webcapture/scraping';

/** Drains the dead-letter queues of scrape-jobs and scrape-render: each job ends as failed, free. */
export const handler = defineQueueWorker(failDeadScrapeJob);
