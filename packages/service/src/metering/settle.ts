import { setTimeout as sleep } from 'node:timers/promises';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { withConflictRetry } from '../transactions';
import { type Admission, AdmissionRejected } from './admission';
import { type BillingRecord, billableBytes, effectiveFactor } from './factors';
import { dayOf, type MeterItem, meterKey, monthAttrs, numberAt, oldItemOf } from './meter';
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

/**
 * Quota accounting steps 2 and 4: the estimate is replaced by the real charge (wire bytes ×
 * factor), the usage row grows and the slot is released: two writes sent together. The charge must fit
 * in what is left of the month's quota *after the charges already settled*; estimates of other
 * requests in flight never count against it. When it does not fit, the request is rolled back
 * (it costs nothing) and 402 quota_exceeded is thrown. Once the charge is on the meter, settle
 * never fails: the usage row is retried, and logged for reconciliation if it cannot be written.
 */
export async function settle(
  admission: Admission,
  record: BillingRecord,
  options: SettleOptions = {},
): Promise<Settlement> {
  const factor = effectiveFactor(record);
  const rawBytes = Math.max(0, Math.round(record.wireBytes));
  const charge = billableBytes(rawBytes, factor);
  const credits = options.refundCredits ? 0 : admission.creditCost;
  const settlement: Settlement = {
    endpoint: record.endpoint ?? admission.endpoint,
    rawBytes,
    factor,
    billableBytes: charge,
    creditsCharged: credits,
  };
  const room = admission.monthlyQuotaBytes - charge;
  if (room < 0) {
    await rollback(admission);
    throw quotaRejection(admission, charge, undefined);
  }
  // The usage row is written alongside, not in a transaction with the meter: every request of an
  // account settles on the same meter item, and transactions on a hot item conflict with each other.
  const [billed, row] = await Promise.allSettled([
    chargeMeter(admission, settlement, room, true),
    addUsage(admission, settlement, 1),
  ]);
  let charged = true;
  if (billed.status === 'rejected') {
    try {
      charged = await afterRefusedCharge(admission, settlement, room, billed.reason);
    } catch (error) {
      if (row.status === 'fulfilled') await correctUsage(admission, settlement, -1);
      throw error;
    }
  }
  if (charged && row.status === 'rejected') await correctUsage(admission, settlement, 1);
  if (!charged && row.status === 'fulfilled') await correctUsage(admission, settlement, -1);
  return settlement;
}

/**
 * The meter write failed. Resolves true when this request's charge is on the meter after all,
 * false when an earlier settle of the same admission charged it; throws when the request fails
 * uncharged.
 */
async function afterRefusedCharge(
  admission: Admission,
  settlement: Settlement,
  room: number,
  error: unknown,
): Promise<boolean> {
  const old = cancelledMeter(error);
  if (!old) {
    // A transient failure: nothing was charged, so free the slot and the estimate now rather than
    // when the lease expires. The request's own error is what the caller must see.
    await rollback(admission).catch((rollbackError: unknown) =>
      logMeteringError('rollback failed', admission, rollbackError),
    );
    throw error;
  }
  if (old.leases?.[admission.leaseId]) {
    await rollback(admission);
    throw quotaRejection(admission, settlement.billableBytes, old);
  }
  // The lease is gone. When the SDK sent the write more than once, our own first attempt removed it
  // and charged; only its answer was lost. (A second settle whose first attempt failed on the way
  // there looks the same; it is far rarer than a lost answer.)
  if (sdkAttempts(error) > 1) return true;
  // A live lease is removed only by settle or rollback of this admission: already settled.
  if (Date.now() < admission.leaseExpiresAt) return false;
  // The lease expired and was purged, estimate and credits with it: charge without them.
  try {
    await chargeMeter(admission, settlement, room, false);
    return true;
  } catch (retryError) {
    const again = cancelledMeter(retryError);
    if (!again) throw retryError;
    throw quotaRejection(admission, settlement.billableBytes, again);
  }
}

/** How many times the SDK sent the request that failed (its retries of transient errors). */
function sdkAttempts(error: unknown): number {
  return (error as { $metadata?: { attempts?: number } }).$metadata?.attempts ?? 1;
}

async function chargeMeter(
  admission: Admission,
  settlement: Settlement,
  room: number,
  leaseHeld: boolean,
): Promise<void> {
  const attrs = monthAttrs(admission.month);
  const names: Record<string, string> = { '#settled': attrs.settled, '#requests': attrs.requests };
  const values: Record<string, unknown> = { ':charge': settlement.billableBytes, ':one': 1, ':room': room };
  const adds = ['#settled :charge', '#requests :one'];
  let condition = '(attribute_not_exists(#settled) OR #settled <= :room)';
  let remove = '';
  // Credits stay as pre-charged at admission; a refund or a purged lease changes that.
  const creditDelta = leaseHeld
    ? settlement.creditsCharged - admission.creditCost
    : settlement.creditsCharged;
  if (creditDelta !== 0) {
    names['#credits'] = attrs.credits;
    values[':credits'] = creditDelta;
    adds.push('#credits :credits');
  }
  if (leaseHeld) {
    names['#pending'] = attrs.pending;
    names['#lease'] = admission.leaseId;
    values[':unpend'] = -admission.estimateBytes;
    adds.push('#pending :unpend');
    remove = ' REMOVE leases.#lease';
    condition = `attribute_exists(leases.#lease) AND ${condition}`;
  }
  await withConflictRetry(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: meterKey(admission.accountId),
        UpdateExpression: `ADD ${adds.join(', ')}${remove}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    ),
  );
}

function addUsage(admission: Admission, settlement: Settlement, sign: 1 | -1) {
  const day = dayOf(new Date(admission.admittedAt));
  return withConflictRetry(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: usageRowKey(admission.accountId, day, settlement.endpoint),
        UpdateExpression:
          'SET #type = :type, #day = :day, endpoint = :endpoint ' +
          'ADD raw_bytes :raw, billable_bytes :billable, requests :one, credits :credits',
        ExpressionAttributeNames: { '#type': 'type', '#day': 'day' },
        ExpressionAttributeValues: {
          ':type': 'usage',
          ':day': day,
          ':endpoint': settlement.endpoint,
          ':raw': sign * settlement.rawBytes,
          ':billable': sign * settlement.billableBytes,
          ':one': sign,
          ':credits': sign * settlement.creditsCharged,
        },
      }),
    ),
  );
}

/** Backoff between the extra attempts of a usage row write: 100, 200, 400 ms. */
const USAGE_RETRY_DELAYS_MS = [100, 200, 400];

/**
 * Brings the usage row in line with the meter after its write alongside the meter went wrong (or
 * must be undone). Never throws: the request's outcome is decided by the meter; a row that still
 * cannot be written is logged with everything needed to reconcile it.
 */
async function correctUsage(admission: Admission, settlement: Settlement, sign: 1 | -1): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await addUsage(admission, settlement, sign);
      return;
    } catch (error) {
      const delay = USAGE_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        logMeteringError('usage row not written; reconcile it with the meter', admission, error, {
          day: dayOf(new Date(admission.admittedAt)),
          endpoint: settlement.endpoint,
          raw_bytes: sign * settlement.rawBytes,
          billable_bytes: sign * settlement.billableBytes,
          requests: sign,
        });
        return;
      }
      await sleep(delay);
    }
  }
}

function logMeteringError(
  msg: string,
  admission: Admission,
  error: unknown,
  extra: Record<string, unknown> = {},
): void {
  console.error(
    JSON.stringify({
      level: 'error',
      msg,
      account_id: admission.accountId,
      lease_id: admission.leaseId,
      ...extra,
      error: String(error),
    }),
  );
}

/** The meter item's old image when the settlement failed on the meter's condition. */
function cancelledMeter(error: unknown): MeterItem | undefined {
  if ((error as Error).name !== 'ConditionalCheckFailedException') return undefined;
  return oldItemOf(error) ?? {};
}

function quotaRejection(admission: Admission, charge: number, old: MeterItem | undefined): AdmissionRejected {
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
 * the slot, so a capture that returned no bytes costs nothing. Idempotent: a second call, or a
 * call after the lease was purged, changes nothing.
 */
export async function rollback(admission: Admission, options: RollbackOptions = {}): Promise<void> {
  const attrs = monthAttrs(admission.month);
  const names: Record<string, string> = { '#pending': attrs.pending, '#lease': admission.leaseId };
  const values: Record<string, unknown> = { ':unpend': -admission.estimateBytes };
  const adds = ['#pending :unpend'];
  if (admission.creditCost > 0 && !options.keepCredits) {
    names['#credits'] = attrs.credits;
    values[':uncredit'] = -admission.creditCost;
    adds.push('#credits :uncredit');
  }
  try {
    await withConflictRetry(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: meterKey(admission.accountId),
          UpdateExpression: `ADD ${adds.join(', ')} REMOVE leases.#lease`,
          ConditionExpression: 'attribute_exists(leases.#lease)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
