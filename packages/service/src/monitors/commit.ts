import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { newId, nowIso } from '../ids';
import type { Admission, BillingRecord } from '../metering';
import { chargeRefusal, settlementOf } from '../metering/settle';
import { cancellationCode, transactWrite } from '../transactions';
import { type OutboxDelivery, outboxPut } from '../webhooks/outbox';
import type { CheckClaim } from './claims';
import {
  CHECK_RETENTION_SECONDS,
  type CheckRecord,
  checkKey,
  dueShard,
  type MonitorRecord,
  monitorKey,
} from './records';
import { nextCheckAt } from './schedule';

/** What a check found, for its record and the monitor's state. */
export interface CheckOutcome extends Omit<CheckRecord, 'id' | 'monitor_id' | 'checked_at' | 'trigger'> {
  /** Set when this check's content becomes the baseline (new, changed): its S3 key. */
  baselineKey?: string;
  /** What change detection knows after this check (unchanged on errors). */
  volatile?: unknown;
}

/** A new check id, chosen before the run so its snapshot can be stored under it. */
export const newCheckId = () => newId('mc');

/** The record of a check that ran now (built before the commit, so its webhook can carry it). */
export function checkRecord(
  claim: CheckClaim,
  checkId: string,
  outcome: CheckOutcome,
  now = new Date(),
): CheckRecord {
  return {
    id: checkId,
    monitor_id: claim.monitor.id,
    checked_at: nowIso(now),
    status: outcome.status,
    trigger: claim.trigger,
    diff: outcome.diff,
    error: outcome.error,
    conditions_met: outcome.conditions_met,
    status_code: outcome.status_code,
    content_key: outcome.content_key,
  };
}

/** What a check bills, settled in the commit that records it: the admission it ran under and the charge. */
export interface CheckBilling {
  admission: Admission;
  record: BillingRecord;
}

/**
 * committed: recorded (and billed, when billing was given); lost_claim: the claim was no longer
 * this run's (the monitor deleted, or the check taken over), nothing written; quota_exceeded: the
 * charge no longer fits in the month's quota, nothing written (the caller records the check as an
 * error instead, free).
 */
export type CheckCommit = 'committed' | 'lost_claim' | 'quota_exceeded';

/**
 * Records a check: its record, the monitor's new state (last status, errors in a row, baseline,
 * and for a scheduled check the next due time), its webhook deliveries and its charge (settle's
 * end marker, meter and usage row), in one transaction conditioned on the claim still being this
 * run's and the charge fitting in the quota. So a check is billed exactly when it is recorded,
 * however its message repeats or its worker dies: at most 5 items beside the deliveries, far
 * inside a transaction's 100 items and 4 MB.
 */
export async function commitMonitorCheck(
  claim: CheckClaim,
  record: CheckRecord,
  outcome: Pick<CheckOutcome, 'baselineKey' | 'volatile'>,
  deliveries: readonly OutboxDelivery[] = [],
  billing?: CheckBilling,
): Promise<CheckCommit> {
  const { monitor } = claim;
  const now = new Date(record.checked_at);
  const check = {
    Put: {
      TableName: tableName(),
      Item: {
        ...checkKey(monitorAccountId(monitor), monitor.id, record.id),
        type: 'monitor_check',
        ...record,
        expiresAt: Math.floor(now.getTime() / 1000) + CHECK_RETENTION_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const outbox = deliveries.map(outboxPut);
  const settlement = billing && settlementOf(billing.admission, billing.record);
  if (settlement && settlement.room < 0) return 'quota_exceeded';
  let status = monitor.status;
  let leaseHeld = true;
  for (let attempt = 0; attempt < 4; attempt++) {
    const update = monitorUpdate(claim, { ...outcome, status: record.status }, record, status, now);
    const charge = settlement?.writes(leaseHeld) ?? [];
    try {
      await transactWrite([update, check, ...outbox, ...charge]);
      return 'committed';
    } catch (error) {
      if (cancellationCode(error, 0) === 'ConditionalCheckFailed') {
        // Paused or resumed while the check ran: record it against the monitor's status now.
        const current = await readMonitor(monitor);
        if (current?.claim_token !== claim.token) return 'lost_claim';
        status = current.status;
        continue;
      }
      const refusal = billing && chargeRefusal(error, 2 + outbox.length, billing.admission, leaseHeld);
      // The admission already ended (nothing but this commit settles it): never charge it twice.
      if (!refusal || 'ended' in refusal) throw error;
      if ('leasePurged' in refusal) {
        leaseHeld = false;
        continue;
      }
      return 'quota_exceeded';
    }
  }
  return 'lost_claim';
}

export function monitorAccountId(monitor: MonitorRecord): string {
  return monitor.pk.slice('ACCT#'.length);
}

async function readMonitor(monitor: MonitorRecord): Promise<MonitorRecord | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: { pk: monitor.pk, sk: monitor.sk }, ConsistentRead: true }),
  );
  return Item as MonitorRecord | undefined;
}

function monitorUpdate(
  claim: CheckClaim,
  outcome: Pick<CheckOutcome, 'status' | 'baselineKey' | 'volatile'>,
  record: CheckRecord,
  status: MonitorRecord['status'],
  now: Date,
) {
  const { monitor } = claim;
  const values: Record<string, unknown> = {
    ':token': claim.token,
    ':status': status,
    ':at': record.checked_at,
    ':last': record.status,
    ':errors': outcome.status === 'error' ? monitor.consecutive_errors + 1 : 0,
    ':one': 1,
  };
  const sets = ['last_check_at = :at', 'last_status = :last', 'consecutive_errors = :errors'];
  if (outcome.baselineKey) {
    sets.push('baseline_key = :baseline');
    values[':baseline'] = outcome.baselineKey;
  }
  if (outcome.volatile !== undefined) {
    sets.push('volatile = :volatile');
    values[':volatile'] = outcome.volatile;
  }
  // A scheduled check sets the next due time; a manual one leaves the schedule as it was.
  if (claim.trigger === 'schedule' && status === 'active') {
    sets.push('next_check_at = :next', 'due_pk = :due');
    values[':next'] = nextCheckAt(monitor, now);
    values[':due'] = dueShard(monitor.id);
  }
  return {
    Update: {
      TableName: tableName(),
      Key: monitorKey(monitorAccountId(monitor), monitor.id),
      UpdateExpression: `SET ${sets.join(', ')} ADD check_count :one REMOVE claim_token, claim_until, claim_attempts`,
      ConditionExpression: 'claim_token = :token AND #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    },
  };
}
