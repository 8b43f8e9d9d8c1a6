import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { decodeCursor, encodeCursor, type Page } from '../pagination';
import { type CheckRecord, checkPrefix } from './records';

/** What the API shows of a check; `contentUrl` signs the snapshot's key (600 s). */
export function checkView(record: CheckRecord, contentUrl: (key: string) => string) {
  return {
    id: record.id,
    monitor_id: record.monitor_id,
    checked_at: record.checked_at,
    status: record.status,
    trigger: record.trigger,
    status_code: record.status_code,
    diff: record.diff ?? null,
    conditions_met: record.conditions_met ?? [],
    error: record.error ?? null,
    content_url: record.content_key ? contentUrl(record.content_key) : null,
  };
}

/** A monitor's checks, newest first. */
export async function listMonitorChecks(
  accountId: string,
  monitorId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<CheckRecord>> {
  const pk = `ACCT#${accountId}`;
  const skPrefix = checkPrefix(monitorId);
  const { Items, LastEvaluatedKey } = await dynamoClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ExclusiveStartKey: decodeCursor(query.cursor, { pk, skPrefix }),
      ScanIndexForward: false,
      Limit: query.limit,
    }),
  );
  return { data: (Items ?? []) as CheckRecord[], next_cursor: encodeCursor(LastEvaluatedKey) };
}
