import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { getAccountCached } from '../accounts';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { newId } from '../ids';
import { isConditionFailed, withConflictRetry } from '../transactions';
import { accountCacheMs, CONCURRENCY_RETRY_AFTER_SECONDS, leaseSeconds } from './config';
import { type AccountTerms, checkEntitlement, creditCeiling, termsOf } from './entitlement';
import {
  bucketAttrs,
  bucketsOf,
  INFLIGHT,
  type LeaseBucket,
  leaseBucket,
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
  /** The request's id; its end (settle or rollback) is recorded once under it. */
  leaseId: string;
  /** The lease bucket holding its slot (`L_<end>_<YYYYMM>`, see meter.ts). */
  bucket: string;
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

/**
 * Attributes this process saw on an account's meter that its next admission removes: rate windows
 * once stale, and lease buckets seen empty after their end (nothing can change them any more).
 */
const seenGarbage = new Map<string, { windows: string[]; emptyBuckets: string[] }>();

/**
 * The one-second window this process last saw full, per account. A window's counter only grows,
 * so further requests in it are refused here without a DynamoDB request (exact: the write would
 * fail its condition).
 */
const fullWindows = new Map<string, number>();

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
  if (!input.bulk && fullWindows.get(input.accountId) === second) {
    throw rateRejection(rateOf(limits.requests_per_second), nowMs);
  }

  const leaseId = newId('req');
  const bucket = leaseBucket(nowMs, leaseSeconds(), month);
  const lease = bucketAttrs(bucket.prefix);
  const attrs = monthAttrs(month);
  const seen = seenGarbage.get(input.accountId);
  const stale = [
    ...(seen?.windows ?? []).filter((name) => name === 'leases' || Number(name.slice(2)) < second - 2),
    ...(seen?.emptyBuckets ?? []).flatMap((prefix) => Object.values(bucketAttrs(prefix))),
  ];
  const names: Record<string, string> = {
    '#settled': attrs.settled,
    '#pending': attrs.pending,
    '#inflight': INFLIGHT,
    '#ln': lease.n,
    '#lb': lease.b,
  };
  const values: Record<string, unknown> = {
    ':one': 1,
    ':conc': concurrency,
    ':quota': limits.monthly_quota_bytes,
    ':est': estimateBytes,
  };
  let add = '#pending :est, #inflight :one, #ln :one, #lb :est';
  let condition =
    '(attribute_not_exists(#inflight) OR #inflight < :conc) AND ' +
    '(attribute_not_exists(#settled) OR #settled < :quota)';
  if (!input.bulk) {
    names['#r'] = rateAttr(second);
    values[':rps'] = limits.requests_per_second;
    add = `#r :one, ${add}`;
    condition = `(attribute_not_exists(#r) OR #r < :rps) AND ${condition}`;
  }
  if (creditCost > 0) {
    names['#credits'] = attrs.credits;
    names['#lc'] = lease.c;
    values[':cost'] = creditCost;
    values[':creditMax'] = creditMax;
    add += ', #credits :cost, #lc :cost';
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
            UpdateExpression: `ADD ${add}${remove}`,
            ConditionExpression: condition,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        ),
      );
      rememberGarbage(input.accountId, Attributes ?? {}, nowMs);
      const admitted = numberAt(Attributes, rateAttr(second));
      if (admitted >= limits.requests_per_second) rememberFullWindow(input.accountId, second);
      return {
        accountId: input.accountId,
        endpoint: input.endpoint,
        leaseId,
        bucket: bucket.prefix,
        month,
        admittedAt: nowMs,
        leaseExpiresAt: bucket.end * 1000,
        estimateBytes,
        creditCost,
        monthlyQuotaBytes: limits.monthly_quota_bytes,
        rate: rateOf(admitted),
        roundTrips: trips.count,
      };
    } catch (error) {
      if (!isConditionFailed(error) || attempt >= 4) throw error;
      const old = oldItemOf(error) ?? {};
      rememberGarbage(input.accountId, old, nowMs);
      const count = numberAt(old, rateAttr(second));
      const rate = rateOf(count);
      if (!input.bulk && count >= limits.requests_per_second) {
        rememberFullWindow(input.accountId, second);
        throw rateRejection(rate, nowMs);
      }
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
      if (numberAt(old, INFLIGHT) >= concurrency) {
        const purged = purgeTried ? 0 : await purgeExpiredLeases(input.accountId, old, nowMs, trips);
        purgeTried = true;
        if (purged === 0) throw concurrencyRejection(concurrency, rate);
      }
      // Otherwise the item changed between the write and the read-back, or a removed attribute
      // was written again meanwhile: try again, without removals.
      remove = '';
      stale.forEach((_, i) => {
        delete names[`#s${i}`];
      });
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

function rememberFullWindow(accountId: string, second: number): void {
  if (fullWindows.size > 10_000) fullWindows.clear();
  fullWindows.set(accountId, second);
}

function rememberGarbage(accountId: string, item: MeterItem, nowMs: number): void {
  // `leases`: the lease map of the meter before lease buckets; its requests settle as purged ones.
  const windows = Object.keys(item).filter((name) => name.startsWith('r_') || name === 'leases');
  // Empty and past its end: no admission goes to it any more, and no lease in it is left to end.
  const emptyBuckets = bucketsOf(item)
    .filter((bucket) => bucket.n === 0 && bucket.end * 1000 < nowMs)
    .map((bucket) => bucket.prefix);
  if (seenGarbage.size > 10_000) seenGarbage.clear();
  seenGarbage.set(accountId, { windows, emptyBuckets });
}

/**
 * Frees the slots of requests that never ended (their process died): every lease bucket past its
 * end is removed, its count taken off `inflight` and its estimates and credits off the month's
 * counters, in one write conditioned on each bucket being unchanged — so two processes purging at
 * once, or a late settle racing the purge, free each slot once.
 */
async function purgeExpiredLeases(
  accountId: string,
  item: MeterItem,
  nowMs: number,
  trips: { count: number },
): Promise<number> {
  const expired = bucketsOf(item).filter((bucket) => bucket.end * 1000 <= nowMs);
  const freed = expired.reduce((sum, bucket) => sum + bucket.n, 0);
  if (freed === 0) return 0;
  trips.count++;
  const names: Record<string, string> = { '#inflight': INFLIGHT };
  const values: Record<string, unknown> = { ':freed': -freed };
  const conditions: string[] = [];
  const removals: string[] = [];
  const refunds = new Map<string, number>();
  const refund = (attr: string, delta: number) => {
    if (delta) refunds.set(attr, (refunds.get(attr) ?? 0) - delta);
  };
  expired.forEach((bucket: LeaseBucket, i) => {
    const attrs = bucketAttrs(bucket.prefix);
    names[`#n${i}`] = attrs.n;
    names[`#b${i}`] = attrs.b;
    names[`#c${i}`] = attrs.c;
    values[`:n${i}`] = bucket.n;
    conditions.push(`#n${i} = :n${i}`);
    removals.push(`#n${i}`, `#b${i}`, `#c${i}`);
    const month = monthAttrs(bucket.month);
    refund(month.pending, bucket.b);
    refund(month.credits, bucket.c);
  });
  const adds = ['#inflight :freed'];
  [...refunds.entries()].forEach(([attr, delta], i) => {
    names[`#a${i}`] = attr;
    values[`:a${i}`] = delta;
    adds.push(`#a${i} :a${i}`);
  });
  try {
    await withConflictRetry(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: meterKey(accountId),
          UpdateExpression: `REMOVE ${removals.join(', ')} ADD ${adds.join(', ')}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
  } catch (error) {
    // Another process purged first, or a late request ended meanwhile; the retry sees the result.
    if (!isConditionFailed(error)) throw error;
  }
  return freed;
}
