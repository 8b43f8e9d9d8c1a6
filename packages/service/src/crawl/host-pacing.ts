import { tableName } from '../config';
import { crawlClaimKey, crawlExpiry } from './records';

/**
 * Per-host politeness of one crawl, without a global lock: one item per host holding `inflight`,
 * the host's pages being fetched, and `next_at`, its next turn when requests are spaced by an
 * interval (delay_ms or the site's Crawl-delay). The host write rides in the transactions that
 * move a frontier item into and out of `running` (claims.ts, commit.ts), so `inflight` is the
 * number of the host's running items: a claim is refused while `max_concurrency` are running or
 * before the host's next turn, and a worker that dies keeps its place only until its claim's
 * lease ends and the item is taken over (the new worker inherits the place) or ended by the sweep.
 */

export interface HostPacing {
  host: string;
  maxConcurrency: number;
  /** Minimum ms between two requests to the host; 0: no spacing. */
  intervalMs: number;
}

const hostKey = (crawlId: string, host: string) => crawlClaimKey(crawlId, 'HOST', host);

/**
 * The host's part of a claim: a place among `maxConcurrency` (`takesPlace`: a takeover inherits
 * the place of the worker it replaces) and, with an interval, the host's turn. Undefined when a
 * claim needs neither. On refusal the old item tells why (`hostWaitMs`).
 */
export function hostClaimWrite(crawlId: string, pacing: HostPacing, takesPlace: boolean, now: number) {
  if (!takesPlace && pacing.intervalMs <= 0) return undefined;
  const conditions: string[] = [];
  const sets = ['expiresAt = :expires'];
  const values: Record<string, unknown> = { ':expires': crawlExpiry(now) };
  if (takesPlace) {
    conditions.push('(attribute_not_exists(inflight) OR inflight < :max)');
    values[':max'] = pacing.maxConcurrency;
    values[':one'] = 1;
  }
  if (pacing.intervalMs > 0) {
    conditions.push('(attribute_not_exists(next_at) OR next_at <= :now)');
    sets.push('next_at = :next');
    values[':now'] = now;
    values[':next'] = now + pacing.intervalMs;
  }
  return {
    Update: {
      TableName: tableName(),
      Key: hostKey(crawlId, pacing.host),
      UpdateExpression: `SET ${sets.join(', ')}${takesPlace ? ' ADD inflight :one' : ''}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/** The host's part of an ending (or give-back) of a running item: its place is free again. */
export function hostReleaseWrite(crawlId: string, url: string) {
  return {
    Update: {
      TableName: tableName(),
      Key: hostKey(crawlId, new URL(url).host),
      UpdateExpression: 'ADD inflight :minus',
      ExpressionAttributeValues: { ':minus': -1 },
    },
  };
}

/**
 * How long to wait before the host may take a claim again, from its item as a refused claim saw
 * it: until its next turn, or undefined when its places are all taken (no time is known then).
 */
export function hostWaitMs(hostItem: Record<string, unknown> | undefined, now: number): number | undefined {
  const nextAt = Number(hostItem?.next_at ?? 0);
  return nextAt > now ? nextAt - now : undefined;
}
