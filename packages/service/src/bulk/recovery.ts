import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { overdueUnits, recoveryIndexKeys } from '../recovery';
import { isConditionFailed } from '../transactions';
import { type BulkBatchRef, type BulkKind, batchKey } from './records';

/** The batch's entry in the recovery index (recovery/index.ts), expected to end by `endsBy`. */
export function batchRecoveryKeys(
  ref: Pick<BulkBatchRef, 'jobId' | 'batch'>,
  endsBy: number,
  recoveries = 0,
) {
  return recoveryIndexKeys('bulk', `${ref.jobId}#${ref.batch}`, endsBy, recoveries);
}

/** A batch the recovery sweep found stuck, with how often it was recovered already. */
export interface StuckBulkBatch {
  ref: BulkBatchRef;
  recoveries: number;
}

/**
 * Batches overdue in the recovery index (at most `limit`) that are really stuck: still `queued`
 * (its message never came, or was lost), or `running` under a lease that ran out (its worker
 * died and no message came back to take it over). A batch read as anything else is skipped.
 */
export async function stuckBulkBatches(now: number, limit: number): Promise<StuckBulkBatch[]> {
  const stuck: StuckBulkBatch[] = [];
  for (const key of await overdueUnits('bulk', now, limit)) {
    const { Item } = await dynamoClient().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    if (!Item) continue;
    const expired = Item.status === 'running' && Number(Item.lease_until ?? 0) < now;
    if (Item.status !== 'queued' && !expired) continue;
    stuck.push({
      ref: {
        accountId: Item.account_id as string,
        jobId: key.pk.slice('BULK#'.length),
        batch: Item.batch as number,
        kind: Item.kind as BulkKind,
      },
      recoveries: Number(Item.recoveries ?? 0),
    });
  }
  return stuck;
}

/**
 * Counts one more recovery of a stuck batch and pushes its due time back (doubling the wait),
 * conditioned on the count the sweep read: of two sweeps racing, one queues it again. False when
 * the batch moved on (ended, or recovered by the other sweep).
 */
export async function noteBulkRecovery(stuck: StuckBulkBatch, now: number): Promise<boolean> {
  const { ref, recoveries } = stuck;
  const due = batchRecoveryKeys(ref, now, recoveries + 1);
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: batchKey(ref.jobId, ref.batch),
        UpdateExpression: 'SET recoveries = :next, pending_due = :due',
        ConditionExpression:
          '#status IN (:queued, :running) AND (recoveries = :seen OR attribute_not_exists(recoveries))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':next': recoveries + 1,
          ':due': due.pending_due,
          ':queued': 'queued',
          ':running': 'running',
          ':seen': recoveries,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
