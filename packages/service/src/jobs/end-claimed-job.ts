import { tableName } from '../config';
import { nowIso } from '../ids';
import { cancellationCode, transactWrite } from '../transactions';
import { type OutboxDelivery, outboxPut } from '../webhooks/outbox';

/**
 * Ends a claimed job record (`processing`) with `status`, the attributes in `fields` and, when
 * given, its webhook delivery: recorded in the same transaction and named in the record's outbox
 * until it is queued, so a worker killed in between loses nothing (webhooks/outbox.ts). `remove`
 * names attributes the ended job drops (beside its claim). False when the job had already ended
 * (a worker that took it over finished first): then nothing is written and that outcome stands.
 */
export async function endClaimedJob(
  key: { pk: string; sk: string },
  status: 'completed' | 'failed',
  fields: Record<string, unknown>,
  delivery?: OutboxDelivery,
  remove: readonly string[] = [],
): Promise<boolean> {
  const set = { ...fields, completed_at: nowIso(), ...(delivery ? { outbox: [delivery.id] } : {}) };
  const names = Object.keys(set);
  const end = {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET #status = :status, ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')} REMOVE ${['claim_until', ...remove].join(', ')}`,
      ConditionExpression: '#status = :processing',
      ExpressionAttributeNames: {
        '#status': 'status',
        ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':status': status,
        ':processing': 'processing',
        ...Object.fromEntries(names.map((name, i) => [`:f${i}`, set[name as keyof typeof set]])),
      },
    },
  };
  try {
    await transactWrite([end, ...(delivery ? [outboxPut(delivery)] : [])]);
    return true;
  } catch (error) {
    if (cancellationCode(error, 0) === 'ConditionalCheckFailed') return false;
    throw error;
  }
}
