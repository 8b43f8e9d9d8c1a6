import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { nowIso } from '../ids';
import { cancellationCode, isConditionFailed, transactWrite } from '../transactions';
import { type BulkBatchMessage, type BulkBatchRef, batchKey, jobKey, statusPartition } from './records';
import { batchRecoveryKeys } from './recovery';

export interface ClaimedItem {
  index: number;
  url: string;
  overrides?: Record<string, unknown>;
}

/**
 * claimed: run the items (taken_over: the same, from a worker whose lease ran out); stopped: the
 * job was cancelled (or is gone); done: nothing left to do; held: another worker's live claim.
 */
export type BatchClaim = 'claimed' | 'taken_over' | 'stopped' | 'done' | 'held';

function claimWrites(
  message: BulkBatchMessage,
  token: string,
  leaseUntil: number,
  now: number,
  takeover: boolean,
) {
  const recovery = batchRecoveryKeys(message, leaseUntil);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: jobKey(message.accountId, message.jobId),
        UpdateExpression:
          'SET #status = :running, gsi1pk = :gsi, started_at = if_not_exists(started_at, :nowIso) ADD started :n',
        ConditionExpression: '#status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':queued': 'queued',
          ':gsi': statusPartition(message.accountId, 'running'),
          ':nowIso': nowIso(new Date(now)),
          // A takeover claims items that were counted as started by the first claim.
          ':n': takeover ? 0 : message.items.length,
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: batchKey(message.jobId, message.batch),
        // Due for recovery only once the lease (and the grace) is over: a live worker is never swept.
        UpdateExpression:
          'SET #status = :running, claim = :token, lease_until = :lease, pending_pk = :ppk, pending_due = :due ADD attempts :one',
        ConditionExpression: takeover ? '#status = :running AND lease_until < :now' : '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':token': token,
          ':lease': leaseUntil,
          ':one': 1,
          ':ppk': recovery.pending_pk,
          ':due': recovery.pending_due,
          ...(takeover ? { ':now': now } : { ':queued': 'queued' }),
        },
      },
    },
  ];
}

/**
 * Claims a batch for `token` until `leaseUntil` (epoch ms), in one transaction with the job's
 * state (it must still be queued or running): first as a batch nobody started, else as a running
 * batch whose lease has run out (its worker died or timed out).
 */
export async function claimBulkBatch(
  message: BulkBatchMessage,
  token: string,
  leaseUntil: number,
  now: number = Date.now(),
): Promise<BatchClaim> {
  for (const takeover of [false, true]) {
    try {
      await transactWrite(claimWrites(message, token, leaseUntil, now, takeover));
      return takeover ? 'taken_over' : 'claimed';
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      if (cancellationCode(error, 0) === 'ConditionalCheckFailed') {
        await leaveRecoveryIndex(message);
        return 'stopped';
      }
    }
  }
  const { Item } = await dynamoClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: batchKey(message.jobId, message.batch),
      ConsistentRead: true,
    }),
  );
  return Item?.status === 'running' ? 'held' : 'done';
}

/**
 * A batch of a stopped (cancelled or expired) job will never run: out of the recovery index, so
 * the sweep stops finding it. Its items count as cancelled (records.ts, toJob).
 */
async function leaveRecoveryIndex(ref: BulkBatchRef): Promise<void> {
  await dynamoClient()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: batchKey(ref.jobId, ref.batch),
        UpdateExpression: 'REMOVE pending_pk, pending_due',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}

/**
 * Gives back a claim whose items have not started (the batch found no free slot after claiming):
 * the batch `queued` again and its items no longer counted as started, or, after a takeover,
 * still `running` with its lease over, so that the next delivery claims it at once. Conditioned
 * on the claim: once another worker holds the batch, nothing changes.
 */
export async function releaseBulkClaim(
  message: BulkBatchMessage,
  token: string,
  takenOver: boolean,
): Promise<void> {
  const batch = {
    Update: {
      TableName: tableName(),
      Key: batchKey(message.jobId, message.batch),
      // Back in the queue: due for recovery a grace from now, as when it was created.
      UpdateExpression: takenOver
        ? 'SET lease_until = :over, pending_due = :due'
        : 'SET #status = :queued, pending_due = :due REMOVE claim, lease_until',
      ConditionExpression: '#status = :running AND claim = :token',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':token': token,
        ':due': batchRecoveryKeys(message, Date.now()).pending_due,
        ...(takenOver ? { ':over': 0 } : { ':queued': 'queued' }),
      },
    },
  };
  const job = {
    Update: {
      TableName: tableName(),
      Key: jobKey(message.accountId, message.jobId),
      UpdateExpression: 'ADD started :n',
      ExpressionAttributeValues: { ':n': -message.items.length },
    },
  };
  try {
    await transactWrite(takenOver ? [batch] : [batch, job]);
  } catch (error) {
    if (cancellationCode(error, 0) !== 'ConditionalCheckFailed') throw error;
  }
}
