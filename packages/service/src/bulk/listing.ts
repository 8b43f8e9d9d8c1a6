import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import type { ObjectPart } from '../content-urls';
import { newId } from '../ids';
import { decodeCursor, decodeIndexCursor, encodeCursor, type Page, queryPartitionPage } from '../pagination';
import { finishBulkJobIfDone } from './finish';
import {
  BULK_BATCH_SIZES,
  type BulkItem,
  type BulkItemError,
  type BulkItemStatus,
  type BulkJob,
  type BulkJobStatus,
  batchKey,
  itemKey,
  type JobRecord,
  jobKey,
  live,
  type StoredBatchItem,
  statusPartition,
  toJob,
} from './records';

/**
 * The caller's job (another account's id is a 404). A job whose items are all done but which a
 * crashed worker left `running` is finished here, so it is never seen running with nothing left.
 */
export async function getBulkJob(accountId: string, id: string): Promise<BulkJob | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(accountId, id), ConsistentRead: true }),
  );
  if (!live(Item)) return undefined;
  const record = Item as JobRecord;
  if (record.status === 'running' && record.pending <= 0) {
    // Marks the job's bulk.completed; the worker whose message is still out queues it (outbox.ts).
    const wanted = record.webhook_url && (record.events as string[] | undefined)?.includes('bulk.completed');
    await finishBulkJobIfDone(accountId, id, wanted ? newId('wd') : undefined);
    return getBulkJob(accountId, id);
  }
  return toJob(record);
}

/**
 * Items in index order, a page at a time. Finished items are read from their batch's outcomes
 * (or, committed before those, from records of their own); the others from their batch too: `queued` or `running` with it, `cancelled` when the job was cancelled
 * before they finished, `failed` when their URL was refused at submission.
 */
export async function listBulkItems(
  job: BulkJob,
  options: { limit: number; cursor?: string },
): Promise<Page<BulkItem>> {
  const listing = { pk: `BULK#${job.id}`, skPrefix: 'ITEM#' };
  const startKey = decodeCursor(options.cursor, listing);
  const start = startKey ? Number((startKey.sk as string).slice('ITEM#'.length)) : 0;
  const end = Math.min(job.counts.total, start + options.limit);
  if (!(start < end)) return { data: [], next_cursor: null };
  const between = (from: Record<string, string>, to: Record<string, string>) =>
    dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': listing.pk, ':from': from.sk, ':to': to.sk },
        ConsistentRead: true,
      }),
    );
  const size = BULK_BATCH_SIZES[job.kind];
  const [batches, finished] = await Promise.all([
    between(batchKey(job.id, Math.floor(start / size)), batchKey(job.id, Math.floor((end - 1) / size))),
    between(itemKey(job.id, start), itemKey(job.id, end - 1)),
  ]);
  // Outcomes are kept in their batch's record; jobs committed before that have a record per item.
  const done = new Map((finished.Items ?? []).map((item) => [item.index as number, item]));
  for (const batch of batches.Items ?? [])
    for (const outcome of (batch.outcomes ?? []) as Record<string, unknown>[])
      done.set(outcome.index as number, outcome);
  const pending = new Map<number, { entry: StoredBatchItem; status: string }>();
  for (const batch of batches.Items ?? []) {
    for (const entry of batch.items as StoredBatchItem[])
      pending.set(entry.index, { entry, status: batch.status as string });
  }
  const data: BulkItem[] = [];
  for (let index = start; index < end; index++) {
    const item = done.get(index);
    if (item) {
      const status = item.status as BulkItemStatus;
      data.push({
        index,
        url: item.url as string,
        status,
        upstream_status: (item.upstream_status as number | null | undefined) ?? null,
        content_type: (item.content_type as string | null | undefined) ?? null,
        content_length: (item.content_length as number | null | undefined) ?? null,
        billed_bytes: Number(item.billed_bytes ?? 0),
        error: (item.error as BulkItemError | null) ?? null,
        completed_at: (item.completed_at as string | null) ?? null,
        resultKey: status === 'completed' ? ((item.result_key as string | null | undefined) ?? null) : null,
        ...(status === 'completed' && item.result_part ? { resultPart: item.result_part as ObjectPart } : {}),
      });
      continue;
    }
    const waiting = pending.get(index);
    if (!waiting) continue;
    const { entry } = waiting;
    // In a cancelled job nothing unfinished is queued or running any more (toJob's counts).
    const status: BulkItemStatus = entry.error
      ? 'failed'
      : job.status === 'cancelled'
        ? 'cancelled'
        : waiting.status === 'running'
          ? 'running'
          : 'queued';
    data.push({
      index,
      url: entry.url,
      status,
      upstream_status: null,
      content_type: null,
      content_length: null,
      billed_bytes: 0,
      error: entry.error ?? null,
      completed_at: entry.error ? job.created_at : null,
      resultKey: null,
    });
  }
  return { data, next_cursor: end < job.counts.total ? encodeCursor(itemKey(job.id, end)) : null };
}

/** GET /v1/bulk: newest first; one status through the status index, all from the account partition. */
export async function listBulkJobs(
  accountId: string,
  options: { limit: number; cursor?: string; status?: BulkJobStatus },
): Promise<Page<BulkJob>> {
  if (options.status) {
    const pk = statusPartition(accountId, options.status);
    const { Items, LastEvaluatedKey } = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: false,
        Limit: options.limit,
        ExclusiveStartKey: decodeIndexCursor(options.cursor, pk),
      }),
    );
    return {
      data: (Items ?? []).filter(live).map((item) => toJob(item as JobRecord)),
      next_cursor: encodeCursor(LastEvaluatedKey),
    };
  }
  const page = await queryPartitionPage(
    { pk: `ACCT#${accountId}`, skPrefix: 'BULK#' },
    { limit: options.limit, cursor: options.cursor, newestFirst: true },
  );
  return {
    data: page.items.filter(live).map((item) => toJob(item as JobRecord)),
    next_cursor: page.next_cursor,
  };
}
