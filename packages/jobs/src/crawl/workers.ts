import { type CrawlPageMessage, sendCrawlMessages, sweepCrawls } from '@webcapture/service';
import { logger } from '@webcapture/telemetry';
import { sqsBatchHandler } from '../sqs-batch';
import { runCrawlPage } from './run-page';

/**
 * The crawl-pages queue: each message is one frontier URL, run side by side with the others of the
 * event. One that must wait (no slot, the host's turn, the limit's last claims in flight) goes back
 * to the queue as a new, delayed message, so waiting never counts toward the dead-letter queue.
 */
export const crawlPagesWorker = sqsBatchHandler(
  async (record) => {
    const message = JSON.parse(record.body) as CrawlPageMessage;
    const result = await runCrawlPage(message);
    if (result !== 'done') await sendCrawlMessages([message], result.requeueSeconds);
  },
  { inParallel: true },
);

/** Every minute (SCHEDULES): re-sends crawl URLs whose lease ran out, ends crawls a crash left running. */
export async function crawlSweep(): Promise<void> {
  const swept = await sweepCrawls();
  logger().info('crawl sweep', { sweep: 'crawl', ...swept });
}
