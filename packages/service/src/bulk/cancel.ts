import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { nowIso } from '../ids';
import { isConditionFailed } from '../transactions';
import { getBulkJob } from './listing';
import { type BulkJob, jobKey, statusPartition } from './records';

/**
 * Cancels a queued or running job: no batch can claim an item afterwards (every claim is
 * conditioned on the job being queued or running), so items not started are never run or billed.
 * From this write on, no item of the job is `queued` or `running`: every unfinished one reads as
 * `cancelled` (records.ts, toJob; listing.ts). An item whose worker was already running it may
 * still commit its result: it then moves from `cancelled` to `completed` (billed once) or
 * `failed`, and the counts still add up to the total. A finished job is returned unchanged.
 */
export async function cancelBulkJob(accountId: string, id: string): Promise<BulkJob | undefined> {
  const now = nowIso();
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(accountId, id),
        UpdateExpression: 'SET #status = :cancelled, cancelled_at = :now, completed_at = :now, gsi1pk = :gsi',
        ConditionExpression: '#status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':cancelled': 'cancelled',
          ':now': now,
          ':gsi': statusPartition(accountId, 'cancelled'),
          ':queued': 'queued',
          ':running': 'running',
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  return getBulkJob(accountId, id);
}
