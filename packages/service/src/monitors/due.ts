import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, sqsClient } from '../clients';
import { queueUrl, tableName } from '../config';
import { TABLE_SCHEMA } from '../table-schema';
import { DUE_INDEX_SHARDS } from './records';

/** A due check on the monitor-checks queue: which monitor, and the due time it is for. */
export interface MonitorCheckMessage {
  accountId: string;
  monitorId: string;
  dueAt: string;
}

/** Most due checks one sweep queues, so a backlog drains over a few minutes instead of one long run. */
const SWEEP_MAX = 5000;

/**
 * The sweep's work (every minute, SCHEDULES): queues every check due by `now` from the due index,
 * ten messages to a SendMessageBatch. Queueing a due check twice (two sweeps at once, or a sweep
 * while the first message still waits) is harmless: the worker's claim runs it once. A claimed
 * check whose worker died is due again when its lease ends, so it is queued again here.
 */
export async function queueDueMonitorChecks(now = new Date()): Promise<{ queued: number }> {
  const { name, partitionKey, sortKey } = TABLE_SCHEMA.dueIndex;
  let queued = 0;
  for (let shard = 0; shard < DUE_INDEX_SHARDS && queued < SWEEP_MAX; shard++) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await dynamoClient().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: name,
          KeyConditionExpression: '#shard = :shard AND #due <= :now',
          ExpressionAttributeNames: { '#shard': partitionKey, '#due': sortKey },
          ExpressionAttributeValues: { ':shard': `MONDUE#${shard}`, ':now': now.toISOString() },
          ExclusiveStartKey: start,
          Limit: 500,
        }),
      );
      const messages = (page.Items ?? []).map((item) => ({
        accountId: String(item.pk).slice('ACCT#'.length),
        monitorId: String(item.sk).slice('MON#'.length),
        dueAt: String(item[sortKey]),
      }));
      await sendMonitorCheckMessages(messages);
      queued += messages.length;
      start = page.LastEvaluatedKey;
    } while (start && queued < SWEEP_MAX);
  }
  return { queued };
}

/** The queue a due check is sent to; a monitor with `rendering` runs on `monitor-render` (a browser worker). */
export type MonitorCheckQueue = 'monitor-checks' | 'monitor-render';

export async function sendMonitorCheckMessages(
  messages: readonly MonitorCheckMessage[],
  queue: MonitorCheckQueue = 'monitor-checks',
): Promise<void> {
  for (let i = 0; i < messages.length; i += 10) {
    const group = messages.slice(i, i + 10);
    const { Failed } = await sqsClient().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl(queue),
        Entries: group.map((message, n) => ({ Id: String(n), MessageBody: JSON.stringify(message) })),
      }),
    );
    // What was refused is still due: the next sweep queues it again.
    if (Failed?.length) throw new Error(`SendMessageBatch refused ${Failed.length} monitor check messages`);
  }
}
