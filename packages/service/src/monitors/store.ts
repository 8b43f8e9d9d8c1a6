import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { isIdOf, newId, nowIso } from '../ids';
import { decodeCursor, encodeCursor, type Page } from '../pagination';
import { isConditionFailed } from '../transactions';
import {
  dueShard,
  type MonitorRecord,
  type MonitorSettings,
  type MonitorStatus,
  type MonitorView,
  monitorKey,
  monitorView,
} from './records';
import { nextCheckAt } from './schedule';

const notFound = (id: string) => new ApiError('not_found', `No monitor ${id} on this account.`);

/** Creates a monitor; an active one is due at once (its first check learns the baseline). */
export async function createMonitor(
  accountId: string,
  settings: MonitorSettings,
  paused: boolean,
): Promise<MonitorView> {
  const id = newId('mo');
  const now = nowIso();
  const record: MonitorRecord = {
    ...monitorKey(accountId, id),
    type: 'monitor',
    id,
    ...settings,
    status: paused ? 'paused' : 'active',
    created_at: now,
    updated_at: now,
    // An index key must be a string when present: a paused monitor has no next_check_at at all.
    ...(paused ? {} : { next_check_at: now, due_pk: dueShard(id) }),
    last_check_at: null,
    last_status: null,
    consecutive_errors: 0,
    check_count: 0,
    baseline_key: null,
    volatile: null,
  };
  await dynamoClient().send(
    new PutCommand({ TableName: tableName(), Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return monitorView(record);
}

/** The caller's monitor record, or undefined (another account's id, a malformed one, a deleted one). */
export async function getMonitorRecord(accountId: string, id: string): Promise<MonitorRecord | undefined> {
  if (!isIdOf('mo', id)) return undefined;
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: monitorKey(accountId, id), ConsistentRead: true }),
  );
  return Item as MonitorRecord | undefined;
}

/** The caller's monitor, or 404 not_found. */
export async function requireMonitor(accountId: string, id: string): Promise<MonitorRecord> {
  const record = await getMonitorRecord(accountId, id);
  if (!record) throw notFound(id);
  return record;
}

/** The caller's monitors, newest first, optionally of one status. */
export async function listMonitors(
  accountId: string,
  query: { limit: number; cursor?: string; status?: MonitorStatus },
): Promise<Page<MonitorView>> {
  const pk = `ACCT#${accountId}`;
  const { Items, LastEvaluatedKey } = await dynamoClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ...(query.status ? { FilterExpression: '#status = :status' } : {}),
      ExpressionAttributeNames: query.status ? { '#status': 'status' } : undefined,
      ExpressionAttributeValues: {
        ':pk': pk,
        ':prefix': 'MON#',
        ...(query.status ? { ':status': query.status } : {}),
      },
      ExclusiveStartKey: decodeCursor(query.cursor, { pk, skPrefix: 'MON#' }),
      ScanIndexForward: false,
      Limit: query.limit,
    }),
  );
  return {
    data: (Items ?? []).map((item) => monitorView(item as MonitorRecord)),
    next_cursor: encodeCursor(LastEvaluatedKey),
  };
}

/**
 * PATCH: new settings and/or pause state. Pausing takes the monitor out of the due index;
 * resuming (or a new schedule) makes it due again from now. A check in flight keeps its claim.
 */
export async function updateMonitor(
  accountId: string,
  id: string,
  settings: MonitorSettings,
  paused: boolean,
  scheduleChanged: boolean,
): Promise<MonitorView> {
  const current = await requireMonitor(accountId, id);
  const resumed = current.status === 'paused' && !paused;
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {
    ':status': paused ? 'paused' : 'active',
    ':now': nowIso(),
    ':version': current.updated_at,
  };
  const sets = Object.entries(settings).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  sets.push('#status = :status', 'updated_at = :now');
  const removes: string[] = [];
  if (paused) removes.push('due_pk', 'next_check_at');
  // A check in flight has moved next_check_at to its lease's end: that stands unless the schedule moved.
  else if (resumed || scheduleChanged || !current.claim_token) {
    sets.push('due_pk = :due', 'next_check_at = :next');
    values[':due'] = dueShard(id);
    values[':next'] =
      resumed || scheduleChanged || !current.next_check_at
        ? current.last_check_at
          ? nextCheckAt(settings)
          : nowIso()
        : current.next_check_at;
  }
  const expression = `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`;
  try {
    const { Attributes } = await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: monitorKey(accountId, id),
        UpdateExpression: expression,
        // Optimistic: another PATCH in between would be overwritten silently otherwise.
        ConditionExpression: 'attribute_exists(pk) AND updated_at = :version',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return monitorView(Attributes as MonitorRecord);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // Deleted, or changed by another request or check: apply this one to what is there now.
    return updateMonitor(accountId, id, settings, paused, scheduleChanged);
  }
}

/** Deletes the monitor: no check runs after this (a check in flight finds no claim to commit). */
export async function deleteMonitor(accountId: string, id: string): Promise<void> {
  try {
    await dynamoClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: monitorKey(accountId, id),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailed(error)) throw notFound(id);
    throw error;
  }
}
