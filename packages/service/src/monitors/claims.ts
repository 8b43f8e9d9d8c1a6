import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { isConditionFailed } from '../transactions';
import { type MonitorRecord, monitorKey } from './records';

/** A check in flight: its claim on the monitor, and the monitor as the claim left it. */
export interface CheckClaim {
  token: string;
  /** 1 for the first run of this due check; more when it was taken over after a lease ran out. */
  attempts: number;
  trigger: 'schedule' | 'manual';
  monitor: MonitorRecord;
}

/** How long a claim holds; past it, the sweep finds the monitor due again and another worker takes over. */
export const CHECK_LEASE_SECONDS = 300;
/** Runs of one due check before it is recorded as an error (the dead-letter path of monitors). */
export const MAX_CHECK_ATTEMPTS = 3;

/**
 * Claims the check due at `dueAt` (the scheduled path). One conditional write: the monitor is
 * active, still due at exactly `dueAt`, and no live claim holds it — so however often the sweep
 * or SQS repeats a due time, one worker runs it. The claim moves next_check_at to the lease's end:
 * a worker that dies leaves the monitor due again then, and the sweep's next message takes over.
 */
export async function claimScheduledCheck(
  accountId: string,
  monitorId: string,
  dueAt: string,
  now = Date.now(),
): Promise<CheckClaim | undefined> {
  const until = now + CHECK_LEASE_SECONDS * 1000;
  return claim(accountId, monitorId, 'schedule', {
    UpdateExpression:
      'SET claim_token = :token, claim_until = :until, next_check_at = :lease ADD claim_attempts :one',
    ConditionExpression:
      'attribute_exists(pk) AND #status = :active AND next_check_at = :due AND (attribute_not_exists(claim_token) OR claim_until < :now)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':until': until,
      ':lease': new Date(until).toISOString(),
      ':one': 1,
      ':active': 'active',
      ':due': dueAt,
      ':now': now,
    },
  });
}

/**
 * Claims a check now (POST /v1/monitors/{id}/check), paused or not, leaving the schedule as it is.
 * Undefined while another check of the monitor is in flight.
 */
export async function claimManualCheck(
  accountId: string,
  monitorId: string,
  now = Date.now(),
): Promise<CheckClaim | undefined> {
  return claim(accountId, monitorId, 'manual', {
    UpdateExpression: 'SET claim_token = :token, claim_until = :until, claim_attempts = :one',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(claim_token) OR claim_until < :now)',
    ExpressionAttributeValues: { ':until': now + CHECK_LEASE_SECONDS * 1000, ':one': 1, ':now': now },
  });
}

async function claim(
  accountId: string,
  monitorId: string,
  trigger: CheckClaim['trigger'],
  update: {
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  },
): Promise<CheckClaim | undefined> {
  const token = randomUUID();
  try {
    const { Attributes } = await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: monitorKey(accountId, monitorId),
        ...update,
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':token': token },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const monitor = Attributes as MonitorRecord;
    return { token, attempts: monitor.claim_attempts ?? 1, trigger, monitor };
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}
