import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { chunks, inParallel } from '../batch-write';
import { sqsClient } from '../clients';
import { queueUrl } from '../config';
import type { CrawlPageMessage } from './records';

export const CRAWL_QUEUE = 'crawl-pages';
/** Pages of crawls with `rendering`: the crawl-pages worker hands them to this browser worker's queue. */
export const CRAWL_RENDER_QUEUE = 'crawl-render';
export type CrawlQueue = typeof CRAWL_QUEUE | typeof CRAWL_RENDER_QUEUE;

/** Ten messages per SendMessageBatch; `delaySeconds` holds them back (politeness, a busy slot). */
export async function sendCrawlMessages(
  messages: CrawlPageMessage[],
  delaySeconds = 0,
  queue: CrawlQueue = CRAWL_QUEUE,
): Promise<void> {
  await inParallel(
    chunks(messages, 10).map((group) => async () => {
      const { Failed } = await sqsClient().send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl(queue),
          Entries: group.map((message, i) => ({
            Id: String(i),
            MessageBody: JSON.stringify(message),
            ...(delaySeconds ? { DelaySeconds: Math.min(900, Math.ceil(delaySeconds)) } : {}),
          })),
        }),
      );
      if (Failed?.length) throw new Error(`SendMessageBatch refused ${Failed.length} crawl messages`);
    }),
    8,
  );
}
