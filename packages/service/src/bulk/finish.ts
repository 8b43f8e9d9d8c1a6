import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { nowIso } from '../ids';
import { oldItemOf } from '../metering/meter';
import { isConditionFailed } from '../transactions';
import { pendingIndexKeys } from '../webhooks/deliveries';
import { type BulkJob, type JobRecord, jobKey, statusPartition, toJob } from './records';

/**
 * What finishing found: the job, whether this call ended it, and the bulk.completed delivery id
 * its end marked that is not queued yet (outbox.ts), if any.
 */
export interface JobFinish {
  job: BulkJob;
  ended: boolean;
  unsent?: string;
}

/**
 * Ends a running job whose items are all done: `completed` when at least one item completed,
 * `failed` when none did. Conditional, so exactly one caller wins. With `completionDelivery`, the
 * same write marks that id as the job's bulk.completed to send; a caller that finds the job ended
 * with the mark still there gets it back too (its sender died before queueing it).
 */
export async function finishBulkJobIfDone(
  accountId: string,
  id: string,
  completionDelivery?: string,
): Promise<JobFinish | undefined> {
  for (const outcome of ['completed', 'failed'] as const) {
    try {
      const { Attributes } = await dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: jobKey(accountId, id),
          // The mark is also in the sweep's index (webhooks/sweep.ts) until the delivery is queued.
          UpdateExpression: `SET #status = :status, completed_at = :now, gsi1pk = :gsi${completionDelivery ? ', completion_outbox = :mark, pending_pk = :ppk, pending_due = :now' : ''}`,
          ConditionExpression:
            outcome === 'completed'
              ? '#status = :running AND pending <= :zero AND completed > :zero'
              : '#status = :running AND pending <= :zero',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': outcome,
            ':now': nowIso(),
            ':gsi': statusPartition(accountId, outcome),
            ':running': 'running',
            ':zero': 0,
            ...(completionDelivery
              ? { ':mark': completionDelivery, ':ppk': pendingIndexKeys(id, '').pending_pk }
              : {}),
          },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { job: toJob(Attributes as JobRecord), ended: true, unsent: completionDelivery };
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      const old = oldItemOf(error) as unknown as JobRecord | undefined;
      if (old && old.status !== 'running' && typeof old.completion_outbox === 'string') {
        return { job: toJob(old), ended: false, unsent: old.completion_outbox };
      }
      if (old?.status !== 'running' || Number(old.pending ?? 1) > 0) return undefined;
    }
  }
  return undefined;
}
