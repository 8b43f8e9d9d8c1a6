import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { type CrawlSkipReason, crawlClaimKey, crawlExpiry } from './records';

/** What the cap reads of a frontier entry (frontier.ts's FrontierEntry). */
interface PatternEntry {
  url: string;
  skip?: CrawlSkipReason;
}

/**
 * The per-path-pattern cap against traps (endless calendars, session ids, numbered archives): a
 * crawl queues at most `max_urls_per_pattern` URLs of one pattern, the rest are recorded
 * `skipped (trap)` and never fetched. Counted in one counter item per pattern, updated in the
 * frontier's transaction (frontier.ts), so the cap is exact however many workers add URLs at once.
 */
export const DEFAULT_MAX_URLS_PER_PATTERN = 1000;

/**
 * A URL's pattern: its host, its path with every segment that holds a digit collapsed to `{n}`
 * (`/calendar/2026/11` → `/calendar/{n}/{n}`, `/item/abc123` → `/item/{n}`), and the names of its
 * query parameters without their values (`?sid=…` → `?sid`), so ids and dates make one pattern.
 */
export function pathPattern(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) ? '{n}' : segment))
    .join('/');
  const names = [...new Set(parsed.searchParams.keys())].sort();
  return `${parsed.host}${path}${names.length ? `?${names.join('&')}` : ''}`;
}

/** The queued entries of each pattern (skipped ones are not queued, so they do not count). */
export function queuedByPattern(entries: readonly PatternEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    if (entry.skip) continue;
    const pattern = pathPattern(entry.url);
    counts.set(pattern, (counts.get(pattern) ?? 0) + 1);
  }
  return counts;
}

const patternKey = (crawlId: string, pattern: string) => crawlClaimKey(crawlId, 'PATTERN', pattern);

/** Adds `count` queued URLs to a pattern's counter, refused when that would pass the cap. */
export function patternCounterUpdate(crawlId: string, pattern: string, count: number, cap: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: patternKey(crawlId, pattern),
      UpdateExpression: 'ADD urls :count SET pattern = :pattern, expiresAt = :expires',
      ConditionExpression: 'attribute_not_exists(urls) OR urls <= :room',
      ExpressionAttributeValues: {
        ':count': count,
        ':room': cap - count,
        ':pattern': pattern,
        ':expires': crawlExpiry(Date.now()),
      },
    },
  };
}

/**
 * Keeps the first `room` queued entries of each pattern in `rooms` and marks the others
 * `skip: 'trap'`; entries of other patterns are left as they are.
 */
export function capEntries<Entry extends PatternEntry>(
  entries: readonly Entry[],
  rooms: Map<string, number>,
): Entry[] {
  const left = new Map(rooms);
  return entries.map((entry) => {
    if (entry.skip) return entry;
    const pattern = pathPattern(entry.url);
    const room = left.get(pattern);
    if (room === undefined) return entry;
    left.set(pattern, room - 1);
    return room > 0 ? entry : { ...entry, skip: 'trap' as const };
  });
}

/** How many more URLs each of `patterns` may queue now (read consistently). */
export async function patternRooms(crawlId: string, patterns: readonly string[], cap: number) {
  const rooms = new Map<string, number>();
  for (const pattern of patterns) {
    const { Item } = await dynamoClient().send(
      new GetCommand({ TableName: tableName(), Key: patternKey(crawlId, pattern), ConsistentRead: true }),
    );
    rooms.set(pattern, Math.max(0, cap - Number(Item?.urls ?? 0)));
  }
  return rooms;
}
