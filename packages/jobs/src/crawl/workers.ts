import type { Renderer } from '@webcapture/scraping';
import {
  CRAWL_QUEUE,
  CRAWL_RENDER_QUEUE,
  type CrawlPageMessage,
  sendCrawlMessages,
  sweepCrawls,
} from '@webcapture/service';
import { logger } from '@webcapture/telemetry';
import { sqsBatchHandler } from '../sqs-batch';
import { runCrawlPage } from './run-page';

/**
 * A crawl queue's worker: each message is one frontier URL, run side by side with the others of the
 * event. One that must wait (no slot, the host's turn, the limit's last claims in flight) goes back
 * to its queue as a new, delayed message, so waiting never counts toward the dead-letter queue.
 * With a `renderer` it is the crawl-render worker; without, crawl-pages, which hands a rendered
 * crawl's pages to crawl-render.
 */
export function crawlQueueWorker(renderer?: Renderer) {
  const ownQueue = renderer ? CRAWL_RENDER_QUEUE : CRAWL_QUEUE;
  return sqsBatchHandler(
    async (record) => {
      const message = JSON.parse(record.body) as CrawlPageMessage;
      const result = await runCrawlPage(message, renderer);
      if (result !== 'done')
        await sendCrawlMessages([message], result.requeueSeconds, result.queue ?? ownQueue);
    },
    { inParallel: true },
  );
}

/** The crawl-pages queue: pages on the HTTP fast path. */
export const crawlPagesWorker = crawlQueueWorker();

/** Every minute (SCHEDULES): re-sends crawl URLs whose lease ran out, ends crawls a crash left running. */
export async function crawlSweep(): Promise<void> {
  const swept = await sweepCrawls();
  logger().info('crawl sweep', { sweep: 'crawl', ...swept });
}
