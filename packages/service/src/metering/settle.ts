import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { logger } from '@webcapture/telemetry';
import { tableName } from '../config';
import { transactWrite } from '../transactions';
import { type Admission, AdmissionRejected } from './admission';
import { type BillingRecord, billableBytes, effectiveFactor } from './factors';
import {
  asPlain,
  bucketAttrs,
  dayOf,
  INFLIGHT,
  type MeterItem,
  meterKey,
  monthAttrs,
  numberAt,
} from './meter';
import { announceSlotFreed } from './slot-release';
import { usageRowKey } from './usage';

export interface Settlement {
  endpoint: string;
  rawBytes: number;
  factor: number;
  billableBytes: number;
  creditsCharged: number;
}

export interface SettleOptions {
  /** Schema extraction hook: give the pre-charged credits back while keeping the bandwidth. */
  refundCredits?: boolean;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** How long the record that a request ended is kept: longer than any retry of its settle. */
const END_MARKER_SECONDS = 7 * 24 * 3600;

/** The record that a request has ended (settled or rolled back); written once, by whichever came first. */
export const endMarkerKey = (accountId: string, leaseId: string) => ({
  pk: `ACCT#${accountId}`,
  sk: `END#${leaseId}`,
});

/**
 * Quota accounting steps 2 and 4: the estimate is replaced by the real charge (wire bytes ×
 * factor), the usage row grows and the slot is released — one TransactWriteItems with the
 * request's end marker, so a settle repeated or retried after a lost answer charges and counts
 * once. The charge must fit in what is left of the month's quota *after the charges already
 * settled*; estimates of other requests in flight never count against it. When it does not fit,
 * the request is rolled back (it costs nothing) and 402 quota_exceeded is thrown.
 */
export async function settle(
  admission: Admission,
  record: BillingRecord,
  options: SettleOptions = {},
): Promise<Settlement> {
  const { settlement, room, writes } = settlementOf(admission, record, options);
  const charge = settlement.billableBytes;
  const seen = settledSeen.get(`${admission.accountId}#${admission.month}`);
  if (room < 0 || (seen !== undefined && seen > room)) {
    // The month's settled sum only grows: a charge that did not fit then never will.
    await rollback(admission);
    throw quotaRejection(
      admission,
      charge,
      seen === undefined ? undefined : { [monthAttrs(admission.month).settled]: seen },
    );
  }
  let leaseHeld = true;
  for (;;) {
    try {
      await transactWrite(writes(leaseHeld));
      announceSlotFreed(admission.accountId);
      return settlement;
    } catch (error) {
      const refusal = chargeRefusal(error, 0, admission, leaseHeld);
      if (!refusal) {
        // Nothing is known to be charged after the SDK's retries: end the request as rolled back so
        // slot and estimate do not wait for the lease to expire. The end marker decides: when one of
        // our attempts did charge (only its answer was lost), the rollback changes nothing.
        const ended = await rollback(admission).catch((rollbackError: unknown) => {
          logMeteringError('rollback failed', admission, rollbackError);
          return undefined;
        });
        if (ended === 'settled') return settlement;
        throw error;
      }
      if ('ended' in refusal) {
        // Already ended: this call's own earlier attempt (its answer lost) or an earlier settle.
        if (refusal.ended.outcome !== 'settled') {
          logMeteringError('settle after rollback; not charged', admission, 'already rolled back');
        }
        return settlement;
      }
      if ('leasePurged' in refusal) {
        leaseHeld = false;
        continue;
      }
      rememberSettled(admission, numberAt(refusal.quotaMeter, monthAttrs(admission.month).settled));
      await rollback(admission);
      throw quotaRejection(admission, charge, refusal.quotaMeter);
    }
  }
}

/**
 * A settlement as writes, for settle's own transaction or another's (a monitor check's commit,
 * which bills in the write that records the check): the end marker first, the meter second, then
 * the usage rows. `room`: what the month's settled sum may be before this charge (below 0: never fits).
 */
export function settlementOf(
  admission: Admission,
  record: BillingRecord,
  options: SettleOptions = {},
): { settlement: Settlement; room: number; writes: (leaseHeld: boolean) => TransactItem[] } {
  const own = recordCharge(admission, record);
  const parts = (record.parts ?? []).map((part) => recordCharge(admission, part));
  const charge = parts.reduce((sum, part) => sum + part.billableBytes, own.billableBytes);
  const credits = options.refundCredits ? 0 : admission.creditCost;
  const settlement: Settlement = {
    endpoint: own.endpoint,
    rawBytes: parts.reduce((sum, part) => sum + part.rawBytes, own.rawBytes),
    factor: own.factor,
    billableBytes: charge,
    creditsCharged: credits,
  };
  const room = admission.monthlyQuotaBytes - charge;
  const writes = (leaseHeld: boolean) => [
    endMarker(admission, 'settled'),
    chargeMeter(admission, { ...settlement, requests: 1 + parts.length }, room, leaseHeld),
    addUsage(admission, own.endpoint, { ...own, requests: 1, creditsCharged: credits }),
    ...partRows(parts).map(([endpoint, row]) => addUsage(admission, endpoint, row)),
  ];
  return { settlement, room, writes };
}

/** Whether the meter (as a refused write saw it) no longer holds the admission's lease: it expired and was purged. */
function leasePurged(admission: Admission, meter: MeterItem): boolean {
  return !(bucketAttrs(admission.bucket).n in meter);
}

interface RecordCharge {
  endpoint: string;
  rawBytes: number;
  factor: number;
  billableBytes: number;
}

function recordCharge(admission: Admission, record: BillingRecord): RecordCharge {
  const factor = effectiveFactor(record);
  const rawBytes = Math.max(0, Math.round(record.wireBytes));
  return {
    endpoint: record.endpoint ?? admission.endpoint,
    rawBytes,
    factor,
    billableBytes: billableBytes(rawBytes, factor),
  };
}

/** A request's parts summed per usage row (a search's scrapes: at most one row per kind). */
function partRows(parts: RecordCharge[]): [string, UsageCharge][] {
  const rows = new Map<string, UsageCharge>();
  for (const part of parts) {
    const row = rows.get(part.endpoint) ?? { rawBytes: 0, billableBytes: 0, requests: 0, creditsCharged: 0 };
    row.rawBytes += part.rawBytes;
    row.billableBytes += part.billableBytes;
    row.requests += 1;
    rows.set(part.endpoint, row);
  }
  return [...rows.entries()];
}

/**
 * The month's settled sum this process last saw refuse a settlement, per account: a later charge
 * that does not fit under it is refused without the transaction that would fail anyway.
 */
const settledSeen = new Map<string, number>();

function rememberSettled(admission: Admission, settled: number): void {
  if (settledSeen.size > 10_000) settledSeen.clear();
  const key = `${admission.accountId}#${admission.month}`;
  settledSeen.set(key, Math.max(settled, settledSeen.get(key) ?? 0));
}

export function endMarker(admission: Admission, outcome: 'settled' | 'rolled_back'): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...endMarkerKey(admission.accountId, admission.leaseId),
        type: 'request_end',
        outcome,
        expiresAt: Math.floor(Date.now() / 1000) + END_MARKER_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** What one settlement transaction books: a request, or a bulk batch of several. */
export interface MeterCharge {
  billableBytes: number;
  requests: number;
  creditsCharged: number;
}

/**
 * The meter's part of settle: the charge, and (while the lease is held) the slot and estimate back.
 * Also a bulk batch's commit, for its items at once.
 */
export function chargeMeter(
  admission: Admission,
  charge: MeterCharge,
  room: number,
  leaseHeld: boolean,
): TransactItem {
  const attrs = monthAttrs(admission.month);
  const names: Record<string, string> = { '#settled': attrs.settled, '#requests': attrs.requests };
  const values: Record<string, unknown> = {
    ':charge': charge.billableBytes,
    ':requests': charge.requests,
    ':room': room,
  };
  const adds = ['#settled :charge', '#requests :requests'];
  let condition = '(attribute_not_exists(#settled) OR #settled <= :room)';
  // Credits stay as pre-charged at admission; a refund or a purged lease changes that.
  const creditDelta = leaseHeld ? charge.creditsCharged - admission.creditCost : charge.creditsCharged;
  if (creditDelta !== 0) {
    names['#credits'] = attrs.credits;
    values[':credits'] = creditDelta;
    adds.push('#credits :credits');
  }
  if (leaseHeld) {
    condition = `attribute_exists(#ln) AND ${condition}`;
    adds.push(...releaseLease(admission, names, values));
  }
  return {
    Update: {
      TableName: tableName(),
      Key: meterKey(admission.accountId),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** ADD clauses that take the request's lease out of its bucket, `inflight` and the pending bytes. */
function releaseLease(
  admission: Admission,
  names: Record<string, string>,
  values: Record<string, unknown>,
): string[] {
  const lease = bucketAttrs(admission.bucket);
  names['#pending'] = monthAttrs(admission.month).pending;
  names['#inflight'] = INFLIGHT;
  names['#ln'] = lease.n;
  names['#lb'] = lease.b;
  values[':unpend'] = -admission.estimateBytes;
  values[':release'] = -1;
  const adds = ['#pending :unpend', '#inflight :release', '#ln :release', '#lb :unpend'];
  if (admission.creditCost > 0) {
    names['#lc'] = lease.c;
    values[':unlease'] = -admission.creditCost;
    adds.push('#lc :unlease');
  }
  return adds;
}

/** What one usage row update adds: a request's figures, or a bulk batch's sum for one endpoint. */
export interface UsageCharge extends MeterCharge {
  rawBytes: number;
}

/**
 * The usage row's part of settle: one row per account, UTC day (of admission) and endpoint. Also
 * a bulk batch's commit, one update per endpoint it billed.
 */
export function addUsage(admission: Admission, endpoint: string, charge: UsageCharge): TransactItem {
  const day = dayOf(new Date(admission.admittedAt));
  return {
    Update: {
      TableName: tableName(),
      Key: usageRowKey(admission.accountId, day, endpoint),
      UpdateExpression:
        'SET #type = :type, #day = :day, endpoint = :endpoint ' +
        'ADD raw_bytes :raw, billable_bytes :billable, requests :requests, credits :credits',
      ExpressionAttributeNames: { '#type': 'type', '#day': 'day' },
      ExpressionAttributeValues: {
        ':type': 'usage',
        ':day': day,
        ':endpoint': endpoint,
        ':raw': charge.rawBytes,
        ':billable': charge.billableBytes,
        ':requests': charge.requests,
        ':credits': charge.creditsCharged,
      },
    },
  };
}

interface SettlementRefusal {
  /** The end marker already there: the request had ended. */
  marker?: { outcome?: string };
  /** The meter's old image when its condition failed. */
  meter?: MeterItem;
}

/**
 * Which conditions of a cancelled transaction holding settlementOf's writes (or rollback's) from
 * item `at` on failed: its end marker (at) or its meter (at + 1). Undefined when neither did.
 */
function settlementRefusal(error: unknown, at = 0): SettlementRefusal | undefined {
  if ((error as Error).name !== 'TransactionCanceledException') return undefined;
  const reasons =
    (error as { CancellationReasons?: { Code?: string; Item?: Record<string, unknown> }[] })
      .CancellationReasons ?? [];
  const failed = (index: number) => reasons[at + index]?.Code === 'ConditionalCheckFailed';
  if (!failed(0) && !failed(1)) return undefined;
  const itemAt = (index: number) => asPlain(reasons[at + index]?.Item ?? {});
  return {
    marker: failed(0) ? (itemAt(0) as { outcome?: string }) : undefined,
    meter: failed(1) ? itemAt(1) : undefined,
  };
}

/**
 * What a transaction carrying settlementOf's writes from item `at` on does when it was cancelled
 * on them (settle's own, or a commit that bills in its write: a crawl page, a monitor check):
 * - `ended`: the admission had already ended — a settle that only lost its answer, or a rollback;
 *   never charge it twice;
 * - `leasePurged`: the lease expired and was purged with its estimate and credits: send it again
 *   with `writes(false)`, which charges without them, once;
 * - `quotaMeter`: the charge does not fit in the month's quota (the meter as the refusal saw it).
 * Undefined when the transaction was not refused on the charge.
 */
export function chargeRefusal(
  error: unknown,
  at: number,
  admission: Admission,
  leaseHeld: boolean,
): { ended: { outcome?: string } } | { leasePurged: true } | { quotaMeter: MeterItem } | undefined {
  const refused = settlementRefusal(error, at);
  if (!refused) return undefined;
  if (refused.marker) return { ended: refused.marker };
  // Not the marker, so the meter's condition failed and its old image is here.
  const meter = refused.meter as MeterItem;
  if (leaseHeld && leasePurged(admission, meter)) return { leasePurged: true };
  return { quotaMeter: meter };
}

function logMeteringError(
  msg: string,
  admission: Admission,
  error: unknown,
  extra: Record<string, unknown> = {},
): void {
  logger().error(msg, { account_id: admission.accountId, lease_id: admission.leaseId, ...extra, error });
}

export function quotaRejection(
  admission: Admission,
  charge: number,
  old: MeterItem | undefined,
): AdmissionRejected {
  const used = numberAt(old, monthAttrs(admission.month).settled);
  const left = Math.max(0, admission.monthlyQuotaBytes - used);
  return new AdmissionRejected(
    'quota_exceeded',
    `This response bills ${charge} bytes but only ${left} of the monthly quota of ${admission.monthlyQuotaBytes} bytes are left; nothing was charged.`,
    admission.rate,
    {
      details: {
        monthly_quota_bytes: admission.monthlyQuotaBytes,
        used_bytes: used,
        billable_bytes: charge,
      },
    },
  );
}

export interface RollbackOptions {
  /** Keep the pre-charged credits (a charged exception); by default they are refunded. */
  keepCredits?: boolean;
}

/**
 * Quota accounting step 3: a terminal failure takes the estimate (and credits) back out and frees
 * the slot, so a capture that returned no bytes costs nothing. Idempotent through the request's
 * end marker: a second call, or a call after the request settled, changes nothing; after the
 * lease was purged only the marker is written. Resolves to how the request had ended:
 * `rolled_back` by this call, or what an earlier settle/rollback recorded.
 */
export async function rollback(
  admission: Admission,
  options: RollbackOptions = {},
): Promise<string | undefined> {
  const ended = await endAsRolledBack(admission, options);
  announceSlotFreed(admission.accountId);
  return ended;
}

async function endAsRolledBack(admission: Admission, options: RollbackOptions): Promise<string | undefined> {
  const attrs = monthAttrs(admission.month);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds = releaseLease(admission, names, values);
  if (admission.creditCost > 0 && !options.keepCredits) {
    names['#credits'] = attrs.credits;
    values[':uncredit'] = -admission.creditCost;
    adds.push('#credits :uncredit');
  }
  const release: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: meterKey(admission.accountId),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: 'attribute_exists(#ln)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
  try {
    await transactWrite([endMarker(admission, 'rolled_back'), release]);
    return 'rolled_back';
  } catch (error) {
    const cancelled = settlementRefusal(error);
    if (!cancelled) throw error;
    if (cancelled.marker) return cancelled.marker.outcome;
    // Purged with its bucket: nothing left to free; record the end so a late settle cannot charge.
    try {
      await transactWrite([endMarker(admission, 'rolled_back')]);
      return 'rolled_back';
    } catch (markerError) {
      const again = settlementRefusal(markerError);
      if (again?.marker) return again.marker.outcome;
      throw markerError;
    }
  }
}
