import { tableName } from '../config';
import { nowIso } from '../ids';
import { transactWrite } from '../transactions';
import { sendCrawlMessages } from './messages';
import {
  capEntries,
  DEFAULT_MAX_URLS_PER_PATTERN,
  pathPattern,
  patternCounterUpdate,
  patternRooms,
  queuedByPattern,
} from './path-patterns';
import { type CrawlPageMessage, type CrawlSkipReason, crawlExpiry, crawlKey, frontierKey } from './records';

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
  // Unchanged pages (an incremental crawl's old sitemap lastmods) end it `completed`, not `failed`.
  const unchanged = entries.filter((entry) => entry.skip === 'unchanged').length;
  return {
    Update: {
      TableName: tableName(),
      Key: crawlKey(accountId, crawlId),
      UpdateExpression: `ADD discovered :d, skipped :s, pending :p${unchanged ? ', unchanged :u' : ''}`,
      ExpressionAttributeValues: {
        ':d': entries.length,
        ':s': skipped,
        ':p': entries.length - skipped,
        ...(unchanged ? { ':u': unchanged } : {}),
      },
    },
  };
}

/** A transaction holds at most 100 writes: the puts, the crawl's counters, one per pattern. */
const MAX_TRANSACTION_ITEMS = 100;

/** Splits entries into groups whose puts, counter update and pattern updates fit one transaction. */
function transactionGroups(entries: readonly FrontierEntry[]): FrontierEntry[][] {
  const groups: FrontierEntry[][] = [];
  let group: FrontierEntry[] = [];
  let patterns = new Set<string>();
  for (const entry of entries) {
    const pattern = entry.skip ? undefined : pathPattern(entry.url);
    const writes = group.length + 1 + 1 + patterns.size + (pattern && !patterns.has(pattern) ? 1 : 0);
    if (writes > MAX_TRANSACTION_ITEMS) {
      groups.push(group);
      group = [];
      patterns = new Set();
    }
    group.push(entry);
    if (pattern) patterns.add(pattern);
  }
  if (group.length) groups.push(group);
  return groups;
}

/**
 * URLs this process knows to be in a crawl's frontier (it put them, or a put found them there).
 * A frontier item is never removed while its crawl runs, so these are left out of the next
 * transactions instead of making them fail and run again: most links of a page are known ones.
 * Bounded: the sets of the crawls seen longest ago are dropped first.
 */
const knownUrls = new Map<string, Set<string>>();
const KNOWN_CRAWLS = 16;
const KNOWN_URLS_PER_CRAWL = 200_000;

function knownUrlsOf(crawlId: string): Set<string> {
  let known = knownUrls.get(crawlId);
  if (known && known.size < KNOWN_URLS_PER_CRAWL) {
    // Seen again: it moves to the end of the eviction order.
    knownUrls.delete(crawlId);
  } else {
    known = new Set();
    if (knownUrls.size >= KNOWN_CRAWLS) knownUrls.delete(knownUrls.keys().next().value as string);
  }
  knownUrls.set(crawlId, known);
  return known;
}

/**
 * Adds the URLs not in the frontier yet, each counted exactly once: the puts are conditioned on
 * the item not existing and share one transaction with the counters and the per-pattern counters
 * (path-patterns.ts), so a URL already there (another page linked it, or this page is being run
 * again after a crash) changes nothing, and a pattern never queues more than `maxPerPattern`
 * URLs: those beyond are recorded `skipped (trap)`. A transaction refused for some puts is sent
 * again without them; refused for a full pattern, again with that pattern's surplus marked trap.
 * Then queues a message per new queued URL; one lost between the two steps is re-sent by the
 * sweep (recovery.ts).
 */
export async function addToFrontier(
  accountId: string,
  crawlId: string,
  entries: readonly FrontierEntry[],
  maxPerPattern = DEFAULT_MAX_URLS_PER_PATTERN,
): Promise<FrontierEntry[]> {
  const known = knownUrlsOf(crawlId);
  const unique = [
    ...new Map(entries.filter((entry) => !known.has(entry.url)).map((entry) => [entry.url, entry])).values(),
  ];
  // No pattern queues more than the cap in one call: each pattern update below adds at most it.
  const perCall = new Map([...queuedByPattern(unique).keys()].map((pattern) => [pattern, maxPerPattern]));
  const added: FrontierEntry[] = [];
  for (const group of transactionGroups(capEntries(unique, perCall))) {
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
      const patterns = [...queuedByPattern(remaining)];
      const patternUpdates = patterns.map(([pattern, count]) =>
        patternCounterUpdate(crawlId, pattern, count, maxPerPattern),
      );
      try {
        await transactWrite([...puts, counterUpdate(accountId, crawlId, remaining), ...patternUpdates]);
        added.push(...remaining);
        for (const entry of remaining) known.add(entry.url);
        break;
      } catch (error) {
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
        if (!reasons) throw error;
        const refused = (index: number) => reasons[index]?.Code === 'ConditionalCheckFailed';
        const present = remaining.filter((_, i) => refused(i));
        const full = patterns.filter((_, i) => refused(remaining.length + 1 + i)).map(([pattern]) => pattern);
        if (!present.length && !full.length) throw error;
        for (const entry of present) known.add(entry.url);
        remaining = remaining.filter((entry) => !present.includes(entry));
        if (full.length) remaining = capEntries(remaining, await patternRooms(crawlId, full, maxPerPattern));
      }
    }
  }
  const queued = added.filter((entry) => !entry.skip);
  await sendCrawlMessages(queued.map((entry) => frontierMessage(accountId, crawlId, entry)));
  return added;
}

/** A queued URL's message, carrying its place so that its claim need not read the item. */
export function frontierMessage(
  accountId: string,
  crawlId: string,
  entry: Pick<FrontierEntry, 'url' | 'depth' | 'parent' | 'source'>,
): CrawlPageMessage {
  return {
    accountId,
    crawlId,
    url: entry.url,
    depth: entry.depth,
    parent: entry.parent,
    source: entry.source,
  };
}
