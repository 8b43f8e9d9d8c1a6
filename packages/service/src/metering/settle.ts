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
 * (it costs nothing) and 402 quota_exceeded is thrown.
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
  try {
    await writeSettlement(admission, settlement, room, true);
  } catch (error) {
    const old = cancelledMeter(error);
    if (!old) throw error;
    if (!old.leases?.[admission.leaseId]) {
      // The lease expired and was purged, estimate and credits with it: charge without them.
      try {
        await writeSettlement(admission, settlement, room, false);
        return settlement;
      } catch (retryError) {
        const again = cancelledMeter(retryError);
        if (!again) throw retryError;
        throw quotaRejection(admission, charge, again);
      }
    }
    await rollback(admission);
    throw quotaRejection(admission, charge, old);
  }
  return settlement;
}

async function writeSettlement(
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
  const meter = withConflictRetry(() =>
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
  // The usage row is written alongside, not in a transaction with the meter: every request of an
  // account settles on the same meter item, and transactions on a hot item conflict with each other.
  const [billed, row] = await Promise.allSettled([meter, addUsage(admission, settlement, 1)]);
  if (billed.status === 'rejected') {
    if (row.status === 'fulfilled') await addUsage(admission, settlement, -1);
    throw billed.reason;
  }
  if (row.status === 'rejected') await addUsage(admission, settlement, 1);
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
          'ADD raw_bytes :raw, billable_bytes :billable, requests :one',
        ExpressionAttributeNames: { '#type': 'type', '#day': 'day' },
        ExpressionAttributeValues: {
          ':type': 'usage',
          ':day': day,
          ':endpoint': settlement.endpoint,
          ':raw': sign * settlement.rawBytes,
          ':billable': sign * settlement.billableBytes,
          ':one': sign,
        },
      }),
    ),
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
