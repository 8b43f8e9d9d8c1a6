import { chunks } from '../batch-write';
import { tableName } from '../config';
import { nowIso } from '../ids';
import { transactWrite } from '../transactions';
import { sendCrawlMessages } from './messages';
import { type CrawlSkipReason, crawlExpiry, crawlKey, frontierKey } from './records';

/** A URL found by a page (or a sitemap), with what the filters decided for it. */
export interface FrontierEntry {
  url: string;
  depth: number;
  parent: string | null;
  source: 'start' | 'link' | 'sitemap';
  /** Absent: queued to be scraped; present: recorded as skipped for this reason. */
  skip?: CrawlSkipReason;
}

/**
 * How long a queued URL may wait for its message before the sweep sends it again
 * (CRAWL_QUEUED_LEASE_SECONDS, default 10 min): longer than any politeness delay, so a URL is
 * re-sent only when its message was lost (the process died between the put and the send).
 */
export function queuedLeaseMs(): number {
  const seconds = Number(process.env.CRAWL_QUEUED_LEASE_SECONDS);
  return (seconds > 0 ? seconds : 600) * 1000;
}

/** The stored frontier item of a URL found now. */
export function frontierItem(crawlId: string, entry: FrontierEntry, now = Date.now()) {
  return {
    ...frontierKey(crawlId, entry.url),
    type: 'crawl_item',
    url: entry.url,
    depth: entry.depth,
    parent: entry.parent,
    source: entry.source,
    status: entry.skip ? 'skipped' : 'queued',
    ...(entry.skip ? { reason: entry.skip, completed_at: nowIso(new Date(now)) } : {}),
    ...(entry.skip ? {} : { lease_until: now + queuedLeaseMs() }),
    attempts: 0,
    discovered_at: nowIso(new Date(now)),
    expiresAt: crawlExpiry(now),
  };
}

/** The crawl counters' update for items put in the same transaction. */
export function counterUpdate(accountId: string, crawlId: string, entries: readonly FrontierEntry[]) {
  const skipped = entries.filter((entry) => entry.skip).length;
  return {
    Update: {
      TableName: tableName(),
      Key: crawlKey(accountId, crawlId),
      UpdateExpression: 'ADD discovered :d, skipped :s, pending :p',
      ExpressionAttributeValues: {
        ':d': entries.length,
        ':s': skipped,
        ':p': entries.length - skipped,
      },
    },
  };
}

/**
 * Adds the URLs not in the frontier yet, each counted exactly once: the puts are conditioned on
 * the item not existing and share one transaction with the counters, so a URL already there
 * (another page linked it, or this page is being run again after a crash) changes nothing. A
 * transaction refused for some puts is sent again without them. Then queues a message per new
 * queued URL; one lost between the two steps is re-sent by the sweep (recovery.ts).
 */
export async function addToFrontier(
  accountId: string,
  crawlId: string,
  entries: readonly FrontierEntry[],
): Promise<FrontierEntry[]> {
  const unique = [...new Map(entries.map((entry) => [entry.url, entry])).values()];
  const added: FrontierEntry[] = [];
  for (const group of chunks(unique, 99)) {
    let remaining = group;
    while (remaining.length) {
      const now = Date.now();
      const puts = remaining.map((entry) => ({
        Put: {
          TableName: tableName(),
          Item: frontierItem(crawlId, entry, now),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }));
      try {
        await transactWrite([...puts, counterUpdate(accountId, crawlId, remaining)]);
        added.push(...remaining);
        break;
      } catch (error) {
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
        if (!reasons) throw error;
        const known = remaining.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed');
        if (!known.length) throw error;
        remaining = remaining.filter((entry) => !known.includes(entry));
      }
    }
  }
  const queued = added.filter((entry) => !entry.skip);
  await sendCrawlMessages(queued.map((entry) => ({ accountId, crawlId, url: entry.url })));
  return added;
}
