import { PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { dynamoClient, s3Client, sqsClient } from './clients';
import { bucketName, queueUrl, tableName } from './config';
import type { ObjectPart } from './content-urls';
import { newId, nowIso } from './ids';
import type { Admission } from './metering';
import { bucketAttrs, meterKey, oldItemOf } from './metering/meter';
import { addUsage, chargeMeter, endMarker, type UsageCharge } from './metering/settle';
import { OBJECT_RETENTION } from './object-retention';
import { decodeCursor, encodeCursor, type Page } from './pagination';
import { cancellationCode, isConditionFailed, withConflictRetry } from './transactions';
import { type OutboxDelivery, outboxPut } from './webhook-outbox';
import { pendingIndexKeys } from './webhooks';

/**
 * Bulk jobs (README, Bulk jobs): a job record in the account's partition; in the job's own
 * partition one record per batch of items (ten; three for screenshots) (its URLs, its state and
 * claim, and once it is done its items' outcomes); one SQS message per batch. Every item is run and billed exactly once: a batch is
 * claimed with a token and a lease in one transaction, and its items' outcomes, its charge on the
 * meter, the usage rows and the job's counters are written in one transaction conditioned on that
 * claim — so a redelivered message, a worker killed mid-batch or two workers racing can neither
 * bill an item twice nor lose it.
 */

export type BulkKind = 'scrape' | 'fetch' | 'screenshot';

/** Where a job of this kind is read: its items with content_url, or (screenshots) with image_url. */
export function bulkJobPath(kind: BulkKind, id: string): string {
  return kind === 'screenshot' ? `/v1/bulk/${id}/screenshots` : `/v1/${kind}/bulk/${id}`;
}

/** Screenshot batches need Chromium: they go to their own queue, drained by a browser worker. */
export function bulkQueueOf(kind: BulkKind): string {
  return kind === 'screenshot' ? 'bulk-screenshots' : 'bulk-items';
}
export type BulkJobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
export type BulkItemStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
export const BULK_JOB_STATUSES: readonly BulkJobStatus[] = [
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
];

/** Jobs, items and their stored results are kept this long (DynamoDB TTL, bucket lifecycle rule). */
export const BULK_RETENTION_SECONDS = OBJECT_RETENTION.bulk.retentionSeconds;
/**
 * Items per SQS message (one admission, one claim and one commit transaction each), by kind.
 * Scrape and fetch items take a second or less: ten keep the per-item DynamoDB cost low. A
 * screenshot item may render up to its 60 s timeout_ms after a Chromium launch, so its batches
 * hold three, which finish well within the screenshot worker's 300 s timeout.
 */
export const BULK_BATCH_SIZES: Readonly<Record<BulkKind, number>> = { scrape: 10, fetch: 10, screenshot: 3 };
export const BULK_MAX_ITEMS = 10_000;
/** Where item results live in the bucket; the lifecycle rule in stacks/storage.ts expires it. */
export const BULK_RESULT_PREFIX = OBJECT_RETENTION.bulk.prefix;

export interface BulkItemError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** One URL of a job as submitted; `error` marks a URL refused at submission (never run or billed). */
export interface BulkItemInput {
  url: string;
  overrides?: Record<string, unknown>;
  error?: BulkItemError;
}

/** What a worker needs to run a batch: carried by the message, so no read precedes the claim. */
export interface BulkBatchMessage {
  accountId: string;
  jobId: string;
  /** The batch's number: items bn … bn + b - 1 of the job, b its kind's batch size. */
  batch: number;
  kind: BulkKind;
  options: Record<string, unknown>;
  webhook: { url: string; events: string[] } | null;
  custom: Record<string, unknown>;
  items: { index: number; url: string; overrides?: Record<string, unknown> }[];
}

export interface BulkCounts {
  total: number;
  queued: number;
  running: number;
  completed: number;
  failed: number;
  cancelled: number;
}

export interface BulkJob {
  id: string;
  kind: BulkKind;
  status: BulkJobStatus;
  counts: BulkCounts;
  billed_bytes: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  custom: Record<string, unknown>;
  webhook_url: string | null;
  events: string[];
}

export interface BulkItem {
  index: number;
  url: string;
  status: BulkItemStatus;
  upstream_status: number | null;
  content_type: string | null;
  content_length: number | null;
  billed_bytes: number;
  error: BulkItemError | null;
  completed_at: string | null;
  /** S3 key of the result; the HTTP layer turns it into a signed content_url. */
  resultKey: string | null;
  /** The item's bytes within that object when it is its batch's pack (content_url names the range). */
  resultPart?: ObjectPart;
}

export const jobKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `BULK#${id}` });
const itemKey = (jobId: string, index: number) => ({
  pk: `BULK#${jobId}`,
  sk: `ITEM#${String(index).padStart(6, '0')}`,
});
export const batchKey = (jobId: string, batch: number) => ({
  pk: `BULK#${jobId}`,
  sk: `BATCH#${String(batch).padStart(5, '0')}`,
});
/** The status listing (gsi1): one partition per account and status, newest id last. */
const statusPartition = (accountId: string, status: BulkJobStatus) => `BULKS#${accountId}#${status}`;

export function bulkResultKey(accountId: string, jobId: string, index: number): string {
  return `${BULK_RESULT_PREFIX}${accountId}/${jobId}/${index}`;
}

/**
 * A batch's pack: the results of its scrape and fetch items, one after another in one object, each
 * item recording its offset, length and content type. Keyed by the claim's token, so a batch run
 * again (redelivered, taken over after a lease) writes a pack of its own and never overwrites the
 * one a committed claim's items point into; a pack whose claim lost is never referenced and expires
 * with the bulk/ lifecycle rule.
 */
export function bulkPackKey(accountId: string, jobId: string, batch: number, token: string): string {
  return `${BULK_RESULT_PREFIX}${accountId}/${jobId}/batch-${batch}-${token}`;
}

/**
 * Results larger than this get an object of their own (served by redirect) instead of a place in
 * the pack: a part is answered through the content-get function, whose response Lambda caps at
 * 6 MB (base64 of about 4.5 MB).
 */
export const BULK_PACK_ITEM_MAX_BYTES = 4 * 1024 * 1024;

/** An item's result: the scrape envelope as JSON, or the fetched bytes with their content type. */
export async function putBulkResult(
  key: string,
  body: Uint8Array | string,
  contentType: string,
): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: body, ContentType: contentType }),
  );
}

const expiry = (nowMs: number) => Math.floor(nowMs / 1000) + BULK_RETENTION_SECONDS;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

async function inParallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

export interface CreateBulkJobInput {
  accountId: string;
  kind: BulkKind;
  options: Record<string, unknown>;
  items: BulkItemInput[];
  webhook: { url: string; events: string[] } | null;
  custom: Record<string, unknown>;
  /** Tests send the batches themselves (duplicated, out of order); default: to the bulk-items queue. */
  send?: (messages: BulkBatchMessage[]) => Promise<void>;
}

/**
 * Records the job and its items, then queues its batches. The job is written first and its items
 * after, so a listing never shows items without a job; a crash before the batches are queued
 * leaves a job that stays `queued` (visible, cancellable, never billed).
 */
export async function createBulkJob(input: CreateBulkJobInput): Promise<BulkJob> {
  const now = Date.now();
  const id = newId('bk');
  const invalid = input.items.filter((item) => item.error).length;
  const total = input.items.length;
  const created = nowIso(new Date(now));
  await dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...jobKey(input.accountId, id),
        type: 'bulk_job',
        gsi1pk: statusPartition(input.accountId, 'queued'),
        gsi1sk: id,
        id,
        kind: input.kind,
        status: 'queued',
        total,
        invalid,
        started: 0,
        completed: 0,
        failed: 0,
        pending: total - invalid,
        billed_bytes: 0,
        created_at: created,
        started_at: null,
        completed_at: null,
        cancelled_at: null,
        // As JSON text: any custom the request accepts (1e20, nesting beyond DynamoDB's 32 levels) round-trips.
        custom_json: JSON.stringify(input.custom),
        webhook_url: input.webhook?.url ?? null,
        events: input.webhook?.events ?? [],
        expiresAt: expiry(now),
      },
    }),
  );
  // Batches cover consecutive indexes; refused URLs stay in their batch as failed entries.
  const batches = chunks(
    input.items.map((item, index) => ({ index, ...item })),
    BULK_BATCH_SIZES[input.kind],
  );
  const records = batches.map((entries, batch) => ({
    ...batchKey(id, batch),
    type: 'bulk_batch',
    batch,
    // The listing needs the URL (and a refusal); the overrides travel in the batch's message only.
    items: entries.map(({ index, url, error }) => ({ index, url, ...(error ? { error } : {}) })),
    status: entries.some((entry) => !entry.error) ? 'queued' : 'done',
    expiresAt: expiry(now),
  }));
  await batchWrite(records);
  const messages: BulkBatchMessage[] = batches
    .map((entries, batch) => ({
      accountId: input.accountId,
      jobId: id,
      batch,
      kind: input.kind,
      options: input.options,
      webhook: input.webhook,
      custom: input.custom,
      items: entries
        .filter((entry) => !entry.error)
        .map(({ index, url, overrides }) => ({
          index,
          url,
          ...(overrides && Object.keys(overrides).length ? { overrides } : {}),
        })),
    }))
    .filter((message) => message.items.length);
  await (input.send ?? sendBulkBatches)(messages);
  const job = await getBulkJob(input.accountId, id);
  if (!job) throw new Error(`bulk job ${id} vanished after it was written`);
  return job;
}

/** Puts items in BatchWriteItem requests of 25, retrying what DynamoDB leaves unprocessed. */
export async function batchWrite(items: Record<string, unknown>[]): Promise<void> {
  await inParallel(
    chunks(items, 25).map((group) => () => batchWriteRequest(group)),
    8,
  );
}

async function batchWriteRequest(items: Record<string, unknown>[]): Promise<void> {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests.length; attempt++) {
    const { UnprocessedItems } = await dynamoClient().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
    );
    requests = (UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    if (requests.length && attempt > 8) throw new Error('BatchWriteItem left items unprocessed');
    if (requests.length) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
  }
}

/** Ten messages per SendMessageBatch request, each to its kind's queue. */
export async function sendBulkBatches(messages: BulkBatchMessage[], delaySeconds = 0): Promise<void> {
  const groups = [...new Set(messages.map((message) => bulkQueueOf(message.kind)))].flatMap((queue) =>
    chunks(
      messages.filter((message) => bulkQueueOf(message.kind) === queue),
      10,
    ).map((group) => ({ queue, group })),
  );
  await inParallel(
    groups.map(({ queue, group }) => async () => {
      const { Failed } = await sqsClient().send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl(queue),
          Entries: group.map((message, i) => ({
            Id: String(i),
            MessageBody: JSON.stringify(message),
            ...(delaySeconds ? { DelaySeconds: delaySeconds } : {}),
          })),
        }),
      );
      if (Failed?.length) throw new Error(`SendMessageBatch refused ${Failed.length} bulk batches`);
    }),
    8,
  );
}

type JobRecord = Record<string, unknown> & {
  id: string;
  status: BulkJobStatus;
  total: number;
  invalid: number;
  started: number;
  completed: number;
  failed: number;
  pending: number;
};

function toJob(record: JobRecord): BulkJob {
  const unstarted = Math.max(0, record.total - record.invalid - record.started);
  const cancelled = record.status === 'cancelled';
  return {
    id: record.id,
    kind: record.kind as BulkKind,
    status: record.status,
    counts: {
      total: record.total,
      queued: cancelled ? 0 : unstarted,
      running: Math.max(0, record.started - record.completed - record.failed),
      completed: record.completed,
      failed: record.failed + record.invalid,
      cancelled: cancelled ? unstarted : 0,
    },
    billed_bytes: Number(record.billed_bytes ?? 0),
    created_at: record.created_at as string,
    started_at: (record.started_at as string | null) ?? null,
    completed_at: (record.completed_at as string | null) ?? null,
    cancelled_at: (record.cancelled_at as string | null) ?? null,
    custom: typeof record.custom_json === 'string' ? JSON.parse(record.custom_json) : {},
    webhook_url: (record.webhook_url as string | null) ?? null,
    events: (record.events as string[]) ?? [],
  };
}

const live = (record: Record<string, unknown> | undefined) =>
  record && Number(record.expiresAt ?? Number.POSITIVE_INFINITY) > Date.now() / 1000;

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
    // Marks the job's bulk.completed; the worker whose message is still out queues it (bulk-outbox.ts).
    const wanted = record.webhook_url && (record.events as string[] | undefined)?.includes('bulk.completed');
    await finishBulkJobIfDone(accountId, id, wanted ? newId('wd') : undefined);
    return getBulkJob(accountId, id);
  }
  return toJob(record);
}

type BatchEntry = { index: number; url: string; overrides?: Record<string, unknown>; error?: BulkItemError };

/**
 * Items in index order, a page at a time. Finished items are read from their batch's outcomes
 * (or, committed before those, from records of their own); the others from their batch too: `queued` or `running` with it, `cancelled` when the job was cancelled
 * before they started, `failed` when their URL was refused at submission.
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
  const pending = new Map<number, { entry: BatchEntry; status: string }>();
  for (const batch of batches.Items ?? []) {
    for (const entry of batch.items as BatchEntry[])
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
    const status: BulkItemStatus = entry.error
      ? 'failed'
      : waiting.status === 'running'
        ? 'running'
        : job.status === 'cancelled'
          ? 'cancelled'
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
  const listing = { pk: `ACCT#${accountId}`, skPrefix: 'BULK#' };
  const { Items, LastEvaluatedKey } = await dynamoClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': listing.pk, ':prefix': listing.skPrefix },
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: decodeCursor(options.cursor, listing),
    }),
  );
  return {
    data: (Items ?? []).filter(live).map((item) => toJob(item as JobRecord)),
    next_cursor: encodeCursor(LastEvaluatedKey),
  };
}

/** An index page's start key holds the index and the table keys; it must be of this listing. */
function decodeIndexCursor(cursor: string | undefined, gsi1pk: string): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      value?.gsi1pk === gsi1pk &&
      typeof value.gsi1sk === 'string' &&
      typeof value.pk === 'string' &&
      typeof value.sk === 'string' &&
      Object.keys(value).length === 4
    ) {
      return value;
    }
  } catch {
    // below
  }
  throw new ApiError('validation_error', 'The cursor is not one this listing returned.', {
    status: 422,
    details: { field: 'cursor' },
  });
}

/**
 * Cancels a queued or running job: no batch can claim an item afterwards (every claim is
 * conditioned on the job being queued or running), so items not started are never run or billed.
 * Items already running finish and are billed. A finished job is returned unchanged.
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
        UpdateExpression: 'SET #status = :running, claim = :token, lease_until = :lease ADD attempts :one',
        ConditionExpression: takeover ? '#status = :running AND lease_until < :now' : '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':token': token,
          ':lease': leaseUntil,
          ':one': 1,
          ...(takeover ? { ':now': now } : { ':queued': 'queued' }),
        },
      },
    },
  ];
}

function transact(items: NonNullable<TransactWriteCommandInput['TransactItems']>) {
  return withConflictRetry(() => dynamoClient().send(new TransactWriteCommand({ TransactItems: items })));
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
      await transact(claimWrites(message, token, leaseUntil, now, takeover));
      return takeover ? 'taken_over' : 'claimed';
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      if (cancellationCode(error, 0) === 'ConditionalCheckFailed') return 'stopped';
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
      UpdateExpression: takenOver
        ? 'SET lease_until = :over'
        : 'SET #status = :queued REMOVE claim, lease_until',
      ConditionExpression: '#status = :running AND claim = :token',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':token': token,
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
    await transact(takenOver ? [batch] : [batch, job]);
  } catch (error) {
    if (cancellationCode(error, 0) !== 'ConditionalCheckFailed') throw error;
  }
}

/** What one item ended as; `charge` is what it bills (absent: nothing). */
export interface BulkItemOutcome {
  index: number;
  status: 'completed' | 'failed';
  upstreamStatus: number | null;
  contentType: string | null;
  contentLength: number | null;
  resultKey: string | null;
  /** Where in resultKey's object (its batch's pack) the item's bytes are, with their content type. */
  resultPart?: ObjectPart;
  error: BulkItemError | null;
  charge?: { endpoint: string; rawBytes: number; billableBytes: number };
}

/**
 * committed: recorded, and other items of the job were still pending then (the job cannot have
 * ended); committed_last: recorded, and the job's items may all be done now: check its end.
 */
export type CommitResult = 'committed' | 'committed_last' | 'lost_claim' | 'quota_exceeded';

/**
 * Writes a batch's outcomes, its charge and its usage rows in one transaction, conditioned on
 * every item still being claimed by `token` and (with a held slot) on the admission's lease: all
 * or nothing, so a batch is billed exactly when its items are recorded. When the charge no longer
 * fits in the month's quota, nothing is written ('quota_exceeded'); when another worker took an
 * item over, nothing is written either ('lost_claim') and that worker's outcome stands.
 * `deliveries` (the items' webhook deliveries) are recorded in the same transaction and their ids
 * kept in the batch's outbox until they are queued (bulk-outbox.ts).
 *
 * The job's counter update is first conditioned on other items still pending after this batch, so
 * the usual batch learns from its commit that the job cannot end yet and skips the end-of-job
 * check. Only when that condition fails is the commit sent again without it ('committed_last').
 * The commit that brings `pending` to zero can never be the conditioned one, so exactly the batch
 * that may have ended the job checks it, however many batches commit at once.
 */
export async function commitBulkBatch(
  message: BulkBatchMessage,
  token: string,
  outcomes: BulkItemOutcome[],
  admission: Admission | undefined,
  deliveries: readonly OutboxDelivery[] = [],
): Promise<CommitResult> {
  if (!outcomes.length) return 'committed_last';
  const now = nowIso();
  const charged = outcomes.filter((outcome) => outcome.charge && outcome.charge.billableBytes >= 0);
  const sum = charged.reduce((total, outcome) => total + (outcome.charge?.billableBytes ?? 0), 0);
  const urls = new Map(message.items.map((item) => [item.index, item.url]));
  // The items' outcomes live in their batch's record (one write, not one per item).
  const records = outcomes.map((outcome) => ({
    index: outcome.index,
    url: urls.get(outcome.index),
    status: outcome.status,
    completed_at: now,
    upstream_status: outcome.upstreamStatus,
    content_type: outcome.contentType,
    content_length: outcome.contentLength,
    result_key: outcome.resultKey,
    ...(outcome.resultPart ? { result_part: outcome.resultPart } : {}),
    error: outcome.error,
    billed_bytes: outcome.charge?.billableBytes ?? 0,
  }));
  // The claim guards the whole commit: only the holder of a live claim can write the items.
  const batch = {
    Update: {
      TableName: tableName(),
      Key: batchKey(message.jobId, message.batch),
      UpdateExpression: `SET #status = :done, outcomes = :outcomes${deliveries.length ? ', outbox = :outbox' : ''} REMOVE claim, lease_until`,
      ConditionExpression: '#status = :running AND claim = :token',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':done': 'done',
        ':outcomes': records,
        ':running': 'running',
        ':token': token,
        ...(deliveries.length ? { ':outbox': deliveries.map((delivery) => delivery.id) } : {}),
      },
    },
  };
  // The outbox: each delivery exists exactly when its item's outcome does.
  const outbox = deliveries.map(outboxPut);
  const completed = outcomes.filter((outcome) => outcome.status === 'completed').length;
  const jobUpdate = (notLast: boolean) => ({
    Update: {
      TableName: tableName(),
      Key: jobKey(message.accountId, message.jobId),
      UpdateExpression: 'ADD completed :c, failed :f, pending :p, billed_bytes :b',
      ...(notLast ? { ConditionExpression: 'pending > :n' } : {}),
      ExpressionAttributeValues: {
        ':c': completed,
        ':f': outcomes.length - completed,
        ':p': -outcomes.length,
        ':b': sum,
        ...(notLast ? { ':n': outcomes.length } : {}),
      },
    },
  });
  let notLast = true;
  for (const leaseHeld of admission ? [true, false] : [false]) {
    // Settle's meter write for the batch's items at once, releasing the batch's slot.
    const meter = admission
      ? chargeMeter(
          admission,
          { billableBytes: sum, requests: charged.length, creditsCharged: 0 },
          admission.monthlyQuotaBytes - sum,
          leaseHeld,
        )
      : undefined;
    // The admission's end marker, as settle writes it: a rollback after this commit (its answer
    // lost, the retry refused as lost_claim) then releases nothing twice.
    const ended = admission ? [endMarker(admission, 'settled')] : [];
    const usage = admission ? usageWrites(admission, charged) : [];
    for (;;) {
      const job = jobUpdate(notLast);
      const writes = [...(meter ? [meter] : []), ...ended, ...usage, job, batch, ...outbox];
      try {
        await transact(writes);
        return notLast ? 'committed' : 'committed_last';
      } catch (error) {
        if ((error as Error).name !== 'TransactionCanceledException') throw error;
        if (cancellationCode(error, writes.indexOf(batch)) === 'ConditionalCheckFailed') return 'lost_claim';
        // The admission already ended (rolled back): its slot is free; record the outcomes without it.
        if (ended.length && cancellationCode(error, 1) === 'ConditionalCheckFailed') {
          return commitBulkBatch(message, token, outcomes, undefined, deliveries);
        }
        // No other item is pending: this batch may be the job's last; commit it unconditioned.
        if (notLast && cancellationCode(error, writes.indexOf(job)) === 'ConditionalCheckFailed') {
          notLast = false;
          continue;
        }
        if (!meter || cancellationCode(error, 0) !== 'ConditionalCheckFailed') throw error;
        // The meter refused: the month's quota is used up, or our slot's lease expired and was
        // purged (its estimate with it) — then charge without it, once.
        if (!leaseHeld || (await leaseStillHeld(admission as Admission))) return 'quota_exceeded';
        break;
      }
    }
  }
  return 'quota_exceeded';
}

async function leaseStillHeld(admission: Admission): Promise<boolean> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: meterKey(admission.accountId), ConsistentRead: true }),
  );
  return Boolean(Item && bucketAttrs(admission.bucket).n in Item);
}

/** One usage row update per endpoint the batch billed (usually one), through settle's row writer. */
function usageWrites(admission: Admission, charged: BulkItemOutcome[]) {
  const byEndpoint = new Map<string, UsageCharge>();
  for (const outcome of charged) {
    const charge = outcome.charge as NonNullable<BulkItemOutcome['charge']>;
    const row = byEndpoint.get(charge.endpoint) ?? {
      rawBytes: 0,
      billableBytes: 0,
      requests: 0,
      creditsCharged: 0,
    };
    row.rawBytes += charge.rawBytes;
    row.billableBytes += charge.billableBytes;
    row.requests += 1;
    byEndpoint.set(charge.endpoint, row);
  }
  return [...byEndpoint.entries()].map(([endpoint, row]) => addUsage(admission, endpoint, row));
}

/**
 * What finishing found: the job, whether this call ended it, and the bulk.completed delivery id
 * its end marked that is not queued yet (bulk-outbox.ts), if any.
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
          // The mark is also in the sweep's index (webhook-sweep.ts) until the delivery is queued.
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
