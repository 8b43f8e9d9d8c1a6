import { type Page, queryPartitionPage } from '../pagination';
import { finishCrawlIfDone, getCrawlRecord } from './events';
import {
  type Crawl,
  type CrawlItem,
  type CrawlItemStatus,
  type CrawlRecord,
  type CrawlStatus,
  crawlPartition,
  FRONTIER_PREFIX,
  liveRecord,
  toCrawl,
  toCrawlItem,
} from './records';

/**
 * The caller's crawl (another account's id is a 404). One whose URLs all ended but which a crashed
 * worker left running is ended here, so a crawl is never seen running with nothing left.
 */
export async function getCrawl(accountId: string, id: string): Promise<Crawl | undefined> {
  let record = await getCrawlRecord(accountId, id);
  if (record && !record.completed_at && record.pending <= 0 && record.status !== 'queued') {
    await finishCrawlIfDone(accountId, id);
    record = await getCrawlRecord(accountId, id);
  }
  return record ? toCrawl(record) : undefined;
}

/**
 * A page of a crawl's URLs (in the order of their key digests, which is stable), optionally of one
 * status. DynamoDB filters after reading, so a page may hold fewer than `limit` items while
 * `next_cursor` says more may follow.
 */
export async function listCrawlItems(
  crawlId: string,
  options: { limit: number; cursor?: string; status?: CrawlItemStatus },
): Promise<Page<CrawlItem>> {
  const page = await queryPartitionPage(
    { pk: crawlPartition(crawlId), skPrefix: FRONTIER_PREFIX },
    { ...options, consistent: true },
  );
  return { data: page.items.map(toCrawlItem), next_cursor: page.next_cursor };
}

/** The caller's crawls, most recent first, optionally of one status. */
export async function listCrawls(
  accountId: string,
  options: { limit: number; cursor?: string; status?: CrawlStatus },
): Promise<Page<Crawl>> {
  const page = await queryPartitionPage(
    { pk: `ACCT#${accountId}`, skPrefix: 'CRAWL#' },
    { ...options, newestFirst: true },
  );
  return {
    data: page.items.filter(liveRecord).map((item) => toCrawl(item as CrawlRecord)),
    next_cursor: page.next_cursor,
  };
}
