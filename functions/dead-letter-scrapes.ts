import { deadScrapesWorker } from '@webcapture/jobs';

/** Drains the dead-letter queues of scrape-jobs and scrape-render: each job ends as failed, free. */
export const handler = deadScrapesWorker;
