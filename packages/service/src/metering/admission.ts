import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { getAccountCached } from '../accounts';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { newId } from '../ids';
import { withConflictRetry } from '../transactions';
import { accountCacheMs, CONCURRENCY_RETRY_AFTER_SECONDS, leaseSeconds } from './config';
import { type AccountTerms, checkEntitlement, creditCeiling, termsOf } from './entitlement';
import {
  type Lease,
  type MeterItem,
  meterKey,
  monthAttrs,
  monthOf,
  numberAt,
  oldItemOf,
  rateAttr,
} from './meter';

/** The X-RateLimit-* values of a request. */
export interface RateState {
  limit: number;
  remaining: number;
  resetEpochSeconds: number;
}

export interface AdmitInput {
  accountId: string;
  /** Usage rows are kept per endpoint: the route's path, e.g. `/v1/scrape`. */
  endpoint: string;
  /** Pre-increment of the month's counter (spec, Quota accounting step 1). */
  estimateBytes?: number;
  /** Credits pre-charged by a credit-metered request (schema extraction); default 0. */
  creditCost?: number;
  /**
   * A batch of bulk items (README, Bulk jobs): takes one slot among at most half the account's
   * concurrency, so synchronous traffic always keeps the other half, and is not counted in the
   * per-second request rate (the job's POST was the request).
   */
  bulk?: boolean;
  now?: Date;
}

/** An admitted request: its slot (lease) and what was pre-charged. Settle or roll it back. */
export interface Admission {
  accountId: string;
  endpoint: string;
  leaseId: string;
  /** YYYYMM the request is counted in. */
  month: string;
  /** Epoch ms the request was admitted; its usage row's day. */
  admittedAt: number;
  leaseExpiresAt: number;
  estimateBytes: number;
  creditCost: number;
  monthlyQuotaBytes: number;
  rate: RateState;
  /** Round trips admission took (1 in the common case; 0 extra when the account was cached). */
  roundTrips: number;
}

/** A 429/402 from admission, carrying the rate window so the X-RateLimit-* headers stay true. */
export class AdmissionRejected extends ApiError {
  constructor(
    code: 'rate_limited' | 'concurrency_limit' | 'quota_exceeded' | 'spending_cap_reached',
    message: string,
    readonly rate: RateState,
    init: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(code, message, init);
  }
}

export const DEFAULT_ESTIMATE_BYTES = 256 * 1024;

/** r_<second> attributes this process saw, removed by its next admission once stale. */
const seenRateWindows = new Map<string, string[]>();

/**
 * Admission before any capture work: billing state, then rate, concurrency slot and quota in one
 * conditional UpdateItem on the account's meter item. Throws the spec's 402/429.
 */
export async function admit(input: AdmitInput): Promise<Admission> {
  const now = input.now ?? new Date();
  const trips = { count: 0 };
  const account = await getAccountCached(input.accountId, accountCacheMs());
  if (!account) throw new ApiError('invalid_api_key', 'The account of this API key no longer exists.');
  checkEntitlement(account, now);
  return admitWithTerms(input, termsOf(account), now, trips);
}

async function admitWithTerms(
  input: AdmitInput,
  terms: AccountTerms,
  now: Date,
  trips: { count: number },
): Promise<Admission> {
  const nowMs = now.getTime();
  const second = Math.floor(nowMs / 1000);
  const month = monthOf(now);
  const { limits } = terms;
  const concurrency = input.bulk ? bulkConcurrency(limits.concurrency) : limits.concurrency;
  const estimateBytes = Math.max(0, Math.round(input.estimateBytes ?? DEFAULT_ESTIMATE_BYTES));
  const creditCost = Math.max(0, Math.round(input.creditCost ?? 0));
  const creditMax = creditCeiling(terms) - creditCost;
  const rateOf = (count: number): RateState => ({
    limit: limits.requests_per_second,
    remaining: Math.max(0, limits.requests_per_second - count),
    resetEpochSeconds: second + 1,
  });
  if (creditMax < 0) throw creditRejection(terms, creditCost, rateOf(0));

  const leaseId = newId('req');
  const lease: Lease = { e: nowMs + leaseSeconds() * 1000, b: estimateBytes, c: creditCost, m: month };
  const attrs = monthAttrs(month);
  const stale = (seenRateWindows.get(input.accountId) ?? []).filter(
    (name) => Number(name.slice(2)) < second - 2,
  );
  const names: Record<string, string> = {
    '#lease': leaseId,
    '#settled': attrs.settled,
    '#pending': attrs.pending,
  };
  const values: Record<string, unknown> = {
    ':lease': lease,
    ':conc': concurrency,
    ':quota': limits.monthly_quota_bytes,
    ':est': estimateBytes,
  };
  let add = '#pending :est';
  let condition = 'size(leases) < :conc AND (attribute_not_exists(#settled) OR #settled < :quota)';
  if (!input.bulk) {
    names['#r'] = rateAttr(second);
    values[':one'] = 1;
    values[':rps'] = limits.requests_per_second;
    add = `#r :one, ${add}`;
    condition = `(attribute_not_exists(#r) OR #r < :rps) AND ${condition}`;
  }
  if (creditCost > 0) {
    names['#credits'] = attrs.credits;
    values[':cost'] = creditCost;
    values[':creditMax'] = creditMax;
    add += ', #credits :cost';
    condition += ' AND (attribute_not_exists(#credits) OR #credits <= :creditMax)';
  }
  let remove = '';
  if (stale.length) {
    stale.forEach((name, i) => {
      names[`#s${i}`] = name;
    });
    remove = ` REMOVE ${stale.map((_, i) => `#s${i}`).join(', ')}`;
  }

  let purgeTried = false;
  for (let attempt = 1; ; attempt++) {
    try {
      trips.count++;
      // A settlement transaction in progress on the meter item makes a plain write conflict.
      const { Attributes } = await withConflictRetry(() =>
        dynamoClient().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: meterKey(input.accountId),
            UpdateExpression: `SET leases.#lease = :lease ADD ${add}${remove}`,
            ConditionExpression: condition,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        ),
      );
      rememberRateWindows(input.accountId, Attributes ?? {});
      return {
        accountId: input.accountId,
        endpoint: input.endpoint,
        leaseId,
        month,
        admittedAt: nowMs,
        leaseExpiresAt: lease.e,
        estimateBytes,
        creditCost,
        monthlyQuotaBytes: limits.monthly_quota_bytes,
        rate: rateOf(numberAt(Attributes, rateAttr(second))),
        roundTrips: trips.count,
      };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException' || attempt >= 4) throw error;
      const old = oldItemOf(error);
      if (!old?.leases) {
        // First admission of this account: the leases map must exist before a lease goes in.
        trips.count++;
        await createMeter(input.accountId);
        continue;
      }
      rememberRateWindows(input.accountId, old);
      const count = numberAt(old, rateAttr(second));
      const rate = rateOf(count);
      if (!input.bulk && count >= limits.requests_per_second) throw rateRejection(rate, nowMs);
      if (numberAt(old, attrs.settled) >= limits.monthly_quota_bytes) {
        throw new AdmissionRejected(
          'quota_exceeded',
          `The monthly quota of ${limits.monthly_quota_bytes} billable bytes is used up; it renews at the start of next month (UTC).`,
          rate,
          {
            details: {
              monthly_quota_bytes: limits.monthly_quota_bytes,
              used_bytes: numberAt(old, attrs.settled),
            },
          },
        );
      }
      if (creditCost > 0 && numberAt(old, attrs.credits) > creditMax)
        throw creditRejection(terms, creditCost, rate);
      if (Object.keys(old.leases).length >= concurrency) {
        const purged = purgeTried ? 0 : await purgeExpiredLeases(input.accountId, old, nowMs, trips);
        purgeTried = true;
        if (purged === 0) throw concurrencyRejection(concurrency, rate);
      }
      // Otherwise the item changed between the write and the read-back: try again.
    }
  }
}

/** Slots bulk batches may hold at once: half the account's, at least one. */
export function bulkConcurrency(concurrency: number): number {
  return Math.max(1, Math.floor(concurrency / 2));
}

function rateRejection(rate: RateState, nowMs: number): AdmissionRejected {
  const retryAfter = Math.max(1, Math.ceil((rate.resetEpochSeconds * 1000 - nowMs) / 1000));
  return new AdmissionRejected(
    'rate_limited',
    `Rate limit exceeded: this plan allows ${rate.limit} requests per second. Retry after ${retryAfter} s.`,
    { ...rate, remaining: 0 },
    {
      details: { limit: rate.limit, window_seconds: 1, reset: rate.resetEpochSeconds },
      headers: { 'retry-after': String(retryAfter) },
    },
  );
}

function concurrencyRejection(limit: number, rate: RateState): AdmissionRejected {
  return new AdmissionRejected(
    'concurrency_limit',
    `All ${limit} concurrent request slots of this account are in use; retry when one finishes.`,
    rate,
    {
      details: { concurrency: limit },
      headers: { 'retry-after': String(CONCURRENCY_RETRY_AFTER_SECONDS) },
    },
  );
}

function creditRejection(terms: AccountTerms, creditCost: number, rate: RateState): AdmissionRejected {
  if (terms.overage) {
    return new AdmissionRejected(
      'spending_cap_reached',
      `This request's ${creditCost} credits would push this month's overage spend past the agreed cap of ${terms.overage.spending_cap_usd} USD.`,
      rate,
      { details: { spending_cap_usd: terms.overage.spending_cap_usd, credit_cost: creditCost } },
    );
  }
  return new AdmissionRejected(
    'quota_exceeded',
    `The monthly allowance of ${terms.limits.monthly_credits} credits is used up; this request needs ${creditCost}.`,
    rate,
    { details: { monthly_credits: terms.limits.monthly_credits, credit_cost: creditCost } },
  );
}

function rememberRateWindows(accountId: string, item: Record<string, unknown>): void {
  const windows = Object.keys(item).filter((name) => name.startsWith('r_'));
  if (seenRateWindows.size > 10_000) seenRateWindows.clear();
  seenRateWindows.set(accountId, windows);
}

async function createMeter(accountId: string): Promise<void> {
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...meterKey(accountId), type: 'meter', leases: {} },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * Frees the slots of requests that never ended (their process died) and takes their estimates and
 * credits back out of the counters. Each removal is conditioned on the lease being unchanged, so
 * two processes purging at once free each slot once.
 */
async function purgeExpiredLeases(
  accountId: string,
  item: MeterItem,
  nowMs: number,
  trips: { count: number },
): Promise<number> {
  const expired = Object.entries(item.leases ?? {}).filter(([, lease]) => lease.e <= nowMs);
  if (!expired.length) return 0;
  trips.count++;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const conditions: string[] = [];
  const refunds = new Map<string, number>();
  expired.forEach(([id, lease], i) => {
    names[`#l${i}`] = id;
    values[`:e${i}`] = lease.e;
    conditions.push(`leases.#l${i}.e = :e${i}`);
    const attrs = monthAttrs(lease.m);
    refunds.set(attrs.pending, (refunds.get(attrs.pending) ?? 0) - lease.b);
    if (lease.c) refunds.set(attrs.credits, (refunds.get(attrs.credits) ?? 0) - lease.c);
  });
  const adds = [...refunds.entries()].map(([attr, delta], i) => {
    names[`#a${i}`] = attr;
    values[`:a${i}`] = delta;
    return `#a${i} :a${i}`;
  });
  try {
    await withConflictRetry(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: meterKey(accountId),
          UpdateExpression: `REMOVE ${expired.map((_, i) => `leases.#l${i}`).join(', ')} ADD ${adds.join(', ')}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
  } catch (error) {
    // Another process purged them first; the retry sees the freed slots either way.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
  return expired.length;
}
