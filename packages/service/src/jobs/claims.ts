import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { oldItemOf } from '../metering/meter';
import { isConditionFailed } from '../transactions';
import { unsentDeliveries } from '../webhooks/outbox';

/**
 * How long a claimed job is its worker's: above every job worker's timeout (120 s, queues.ts), so a
 * live worker is never taken over, and below its queue's visibility timeout (180 s), so the message
 * that comes back after a worker died finds the claim expired and runs the job to its end.
 */
export const JOB_CLAIM_LEASE_MS = 150_000;

/** The claimed record, or the record as another delivery of the message left it (undefined if gone). */
export type JobClaim = { claimed: Record<string, unknown> } | { taken: Record<string, unknown> | undefined };

/**
 * What a claim that found the job taken tells its worker: the webhook deliveries a finished job has
 * not queued yet (`unsent`, usually none), and whether another worker still holds it (`held`: it
 * is processing under a live lease).
 */
export interface TakenJob {
  unsent: string[];
  held: boolean;
}

export function takenJob(record: Record<string, unknown> | undefined): TakenJob {
  return { unsent: unsentDeliveries(record), held: record?.status === 'processing' };
}

export interface ClaimOptions {
  now?: number;
  /**
   * For a job in the recovery index (jobs/recovery.ts): its due time there once this claim's
   * lease ends at `leaseEnd`, so a live worker's job is not taken for stuck.
   */
  recoveryDue?: (leaseEnd: number) => string;
}

/**
 * Moves a job record from status `from` to `processing` under a lease and returns the record. When
 * it was not in `from`, another delivery of the same SQS message (at-least-once) took it first,
 * which keeps queue workers idempotent: the answer is then the record as it stands (`taken`), so
 * the caller can send what a finished job's outbox still holds. A `processing` record whose lease
 * ran out lost its worker (killed or timed out): it is claimed again. Settling an admission twice
 * charges once (its end marker), so the job is billed once however often it is taken over.
 */
export async function claimJobRecord(
  key: { pk: string; sk: string },
  from: string,
  { now = Date.now(), recoveryDue }: ClaimOptions = {},
): Promise<JobClaim> {
  const until = now + JOB_CLAIM_LEASE_MS;
  const due = recoveryDue?.(until);
  try {
    const { Attributes } = await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET #status = :processing, claim_until = :until${due ? ', pending_due = :due' : ''}`,
        ConditionExpression: '#status = :from OR (#status = :processing AND claim_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':processing': 'processing',
          ':from': from,
          ':now': now,
          ':until': until,
          ...(due ? { ':due': due } : {}),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: Attributes as Record<string, unknown> };
  } catch (error) {
    if (isConditionFailed(error)) return { taken: oldItemOf(error) as Record<string, unknown> | undefined };
    throw error;
  }
}
