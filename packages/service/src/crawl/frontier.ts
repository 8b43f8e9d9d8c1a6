import { tableName } from '../config';
import { nowIso } from '../ids';
import { transactWrite } from '../transactions';
import { PerCrawlMemory } from './crawl-memory';
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

/** What putting `entries` adds to the crawl's counters (in the same transaction as the puts). */
export function frontierCounterDeltas(entries: readonly FrontierEntry[]): Record<string, number> {
  const skipped = entries.filter((entry) => entry.skip).length;
  // Unchanged pages (an incremental crawl's old sitemap lastmods) end it `completed`, not `failed`.
  const unchanged = entries.filter((entry) => entry.skip === 'unchanged').length;
  return {
    discovered: entries.length,
    skipped,
    pending: entries.length - skipped,
    ...(unchanged ? { unchanged } : {}),
  };
}

/** An update that adds each of `deltas` (attribute → number) to the item at `key`. */
export function addCountersUpdate(
  key: Record<string, string>,
  deltas: Record<string, number>,
  conditionExpression?: string,
  conditionValues: Record<string, unknown> = {},
) {
  const names = Object.keys(deltas);
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD ${names.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ...(conditionExpression ? { ConditionExpression: conditionExpression } : {}),
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#c${i}`, name])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((name, i) => [`:c${i}`, deltas[name]])),
        ...conditionValues,
      },
    },
  };
}

/** The crawl counters' update for items put in the same transaction. */
export function counterUpdate(accountId: string, crawlId: string, entries: readonly FrontierEntry[]) {
  return addCountersUpdate(crawlKey(accountId, crawlId), frontierCounterDeltas(entries));
}

/** A transaction holds at most 100 writes. */
export const MAX_TRANSACTION_ITEMS = 100;

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
 */
const knownUrls = new PerCrawlMemory(() => new Set<string>(), 200_000);

/** Marks URLs as known to be in the crawl's frontier (their puts went through, or were refused as present). */
export function rememberInFrontier(crawlId: string, entries: readonly FrontierEntry[]): void {
  const known = knownUrls.of(crawlId);
  for (const entry of entries) known.add(entry.url);
}

/**
 * The entries worth a put: one per URL, none this process knows to be in the frontier, and no
 * pattern with more than the cap (each pattern update adds at most it in one transaction).
 */
export function newFrontierEntries(
  crawlId: string,
  entries: readonly FrontierEntry[],
  maxPerPattern: number,
): FrontierEntry[] {
  const known = knownUrls.of(crawlId);
  const unique = [
    ...new Map(entries.filter((entry) => !known.has(entry.url)).map((entry) => [entry.url, entry])).values(),
  ];
  const perCall = new Map([...queuedByPattern(unique).keys()].map((pattern) => [pattern, maxPerPattern]));
  return capEntries(unique, perCall);
}

/**
 * One transaction's frontier writes for `entries`: a put per URL, conditioned on the item not
 * existing, then one counter update per pattern (refused when it would pass the cap). The crawl
 * counters' part (frontierCounterDeltas) goes into the transaction's update of the crawl.
 */
export function frontierWrites(crawlId: string, entries: readonly FrontierEntry[], maxPerPattern: number) {
  const now = Date.now();
  const counts = [...queuedByPattern(entries)];
  return {
    patterns: counts.map(([pattern]) => pattern),
    writes: [
      ...entries.map((entry) => ({
        Put: {
          TableName: tableName(),
          Item: frontierItem(crawlId, entry, now),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      })),
      ...counts.map(([pattern, count]) => patternCounterUpdate(crawlId, pattern, count, maxPerPattern)),
    ],
  };
}

/**
 * After a cancelled transaction holding frontierWrites(entries) from item `at`: the entries to
 * try again (without the URLs already there, with a full pattern's surplus marked trap), or
 * undefined when none of these writes was refused.
 */
export async function frontierAfterRefusal(
  crawlId: string,
  entries: readonly FrontierEntry[],
  patterns: readonly string[],
  refused: (index: number) => boolean,
  at: number,
  maxPerPattern: number,
): Promise<FrontierEntry[] | undefined> {
  const present = entries.filter((_, i) => refused(at + i));
  const full = patterns.filter((_, i) => refused(at + entries.length + i));
  if (!present.length && !full.length) return undefined;
  rememberInFrontier(crawlId, present);
  const remaining = entries.filter((entry) => !present.includes(entry));
  return full.length ? capEntries(remaining, await patternRooms(crawlId, full, maxPerPattern)) : remaining;
}

/** Queues a message per queued URL of `added` (skipped ones are recorded only). */
export async function sendFrontierMessages(
  accountId: string,
  crawlId: string,
  added: readonly FrontierEntry[],
): Promise<void> {
  const queued = added.filter((entry) => !entry.skip);
  await sendCrawlMessages(queued.map((entry) => frontierMessage(accountId, crawlId, entry)));
}

/**
 * Adds the URLs not in the frontier yet, each counted exactly once: the puts are conditioned on
 * the item not existing and share one transaction with the counters and the per-pattern counters
 * (path-patterns.ts), so a URL already there (another page linked it, or this page is being run
 * again after a crash) changes nothing, and a pattern never queues more than `maxPerPattern`
 * URLs: those beyond are recorded `skipped (trap)`. A transaction refused for some puts is sent
 * again without them; refused for a full pattern, again with that pattern's surplus marked trap.
 * Then queues a message per new queued URL; one lost between the two steps is re-sent by the
 * sweep (recovery.ts). A crawled page's links go into its outcome's transaction instead (commit.ts).
 */
export async function addToFrontier(
  accountId: string,
  crawlId: string,
  entries: readonly FrontierEntry[],
  maxPerPattern = DEFAULT_MAX_URLS_PER_PATTERN,
): Promise<FrontierEntry[]> {
  const added: FrontierEntry[] = [];
  for (const group of transactionGroups(newFrontierEntries(crawlId, entries, maxPerPattern))) {
    let remaining: FrontierEntry[] | undefined = group;
    while (remaining?.length) {
      const frontier = frontierWrites(crawlId, remaining, maxPerPattern);
      try {
        await transactWrite([counterUpdate(accountId, crawlId, remaining), ...frontier.writes]);
        added.push(...remaining);
        rememberInFrontier(crawlId, remaining);
        break;
      } catch (error) {
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
        if (!reasons) throw error;
        const refused = (index: number) => reasons[index]?.Code === 'ConditionalCheckFailed';
        const before: FrontierEntry[] = remaining;
        remaining = await frontierAfterRefusal(crawlId, before, frontier.patterns, refused, 1, maxPerPattern);
        if (!remaining) throw error;
      }
    }
  }
  await sendFrontierMessages(accountId, crawlId, added);
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
