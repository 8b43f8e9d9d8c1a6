import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/**
 * One small item per account holds everything admission checks, so admission is one conditional
 * UpdateItem (one round trip, no transaction) and the item stays well under 1 KB at any load:
 *
 * - `r_<epochSecond>`: requests admitted in that one-second window (stale ones are removed by
 *   later admissions);
 * - `inflight`: concurrency slots held (admitted requests not yet settled, rolled back or purged);
 * - lease buckets `L_<end>_<YYYYMM>_n|b|c`: the slots, grouped by when they expire (`end`, epoch
 *   seconds) and the month they were counted in — how many are held (`n`), their estimates (`b`)
 *   and pre-charged credits (`c`). A request's lease is its membership in one bucket; settle and
 *   rollback take it back out, and a bucket past its end is what a killed process left behind:
 *   purging it frees `n` slots and refunds `b` and `c` in one conditional write;
 * - `q<YYYYMM>_settled|pending|credits|requests`: the month's quota counters. `settled` is the
 *   sum billed; `pending` the estimates of requests in flight.
 *
 * Leases used to be a map entry each on this item (about 7 KB at 100 in flight, so every write
 * cost 7 write units and the item's 1,000 units per second capped an account near 70 requests per
 * second). Buckets keep it at about a dozen small counters whatever the concurrency.
 */
export const meterKey = (accountId: string) => ({ pk: `ACCT#${accountId}`, sk: 'METER' });

export const INFLIGHT = 'inflight';

/** A lease bucket's attribute names; `prefix` is `L_<end>_<YYYYMM>`. */
export const bucketAttrs = (prefix: string) => ({ n: `${prefix}_n`, b: `${prefix}_b`, c: `${prefix}_c` });

export interface LeaseBucket {
  prefix: string;
  /** Epoch seconds the bucket's leases expire. */
  end: number;
  month: string;
  n: number;
  b: number;
  c: number;
}

/**
 * The bucket a lease admitted at `nowMs` goes to: leases expire on bucket boundaries, one tenth
 * of the lease time apart (at least a second), so about eleven buckets are ever live.
 */
export function leaseBucket(
  nowMs: number,
  leaseSeconds: number,
  month: string,
): { prefix: string; end: number } {
  const width = Math.max(1, Math.ceil(leaseSeconds / 10));
  const end = Math.ceil((nowMs / 1000 + leaseSeconds) / width) * width;
  return { prefix: `L_${end}_${month}`, end };
}

const BUCKET_COUNT = /^L_(\d+)_(\d{6})_n$/;

/** The lease buckets on a meter item. */
export function bucketsOf(item: MeterItem | undefined): LeaseBucket[] {
  const buckets: LeaseBucket[] = [];
  for (const name of Object.keys(item ?? {})) {
    const match = BUCKET_COUNT.exec(name);
    if (!match) continue;
    const prefix = name.slice(0, -2);
    const attrs = bucketAttrs(prefix);
    buckets.push({
      prefix,
      end: Number(match[1]),
      month: match[2] as string,
      n: numberAt(item, attrs.n),
      b: numberAt(item, attrs.b),
      c: numberAt(item, attrs.c),
    });
  }
  return buckets;
}

export const rateAttr = (epochSecond: number) => `r_${epochSecond}`;

export const monthAttrs = (month: string) => ({
  settled: `q${month}_settled`,
  pending: `q${month}_pending`,
  credits: `q${month}_credits`,
  requests: `q${month}_requests`,
});

/** YYYYMM of a date, UTC. */
export function monthOf(date: Date): string {
  return `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** YYYY-MM-DD of a date, UTC. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export type MeterItem = Record<string, unknown>;

/** ReturnValuesOnConditionCheckFailure items arrive marshalled, even through the document client. */
export function oldItemOf(error: unknown): MeterItem | undefined {
  const item = (error as { Item?: Record<string, unknown> }).Item;
  return item ? asPlain(item) : undefined;
}

export function asPlain(item: Record<string, unknown>): MeterItem {
  const marshalled = Object.values(item).some(
    (value) => value !== null && typeof value === 'object' && isAttributeValue(value),
  );
  return (marshalled ? unmarshall(item as Record<string, AttributeValue>) : item) as MeterItem;
}

function isAttributeValue(value: object): boolean {
  const keys = Object.keys(value);
  return (
    keys.length === 1 &&
    ['S', 'N', 'M', 'L', 'BOOL', 'NULL', 'SS', 'NS', 'B', 'BS'].includes(keys[0] as string)
  );
}

export function numberAt(item: MeterItem | undefined, attribute: string): number {
  const value = item?.[attribute];
  return typeof value === 'number' ? value : 0;
}
