import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/**
 * One item per account holds everything admission checks, so admission is one conditional
 * UpdateItem (one round trip, no transaction to conflict with its neighbours):
 *
 * - `r_<epochSecond>`: requests admitted in that one-second window (stale ones are removed by
 *   later admissions);
 * - `leases`: map leaseId → Lease, one per in-flight request (the concurrency slots);
 * - `q<YYYYMM>_settled|pending|credits|requests`: the month's quota counters. `settled` is the
 *   sum billed; `pending` the estimates of requests in flight.
 */
export const meterKey = (accountId: string) => ({ pk: `ACCT#${accountId}`, sk: 'METER' });

export interface Lease {
  /** Expiry, epoch milliseconds. */
  e: number;
  /** Estimate pre-incremented into the month's pending bytes. */
  b: number;
  /** Credits pre-charged. */
  c: number;
  /** Month (YYYYMM) the estimate and credits went to. */
  m: string;
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

export type MeterItem = Record<string, unknown> & { leases?: Record<string, Lease> };

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
