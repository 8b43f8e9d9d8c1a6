import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { batchWrite, chunks } from '../batch-write';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { newId, nowIso } from '../ids';
import { getBulkJob } from './listing';
import { sendBulkBatches } from './messages';
import {
  BULK_BATCH_SIZES,
  type BulkBatchMessage,
  type BulkItemInput,
  type BulkJob,
  type BulkKind,
  batchKey,
  expiry,
  jobKey,
  runnableItems,
  statusPartition,
} from './records';
import { batchRecoveryKeys } from './recovery';

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
 * The most a job's options and custom, or a batch's items with their overrides, may weigh as
 * JSON: a DynamoDB item holds 400 KB, and a batch record later takes its items' outcomes too.
 */
export const BULK_RECORD_MAX_BYTES = 300_000;

function checkRecordSize(what: string, value: unknown, details: Record<string, unknown>): void {
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > BULK_RECORD_MAX_BYTES) {
    throw new ApiError(
      'request_too_large',
      `${what} weighs ${bytes} bytes as JSON; at most ${BULK_RECORD_MAX_BYTES} can be stored.`,
      { details: { ...details, limit_bytes: BULK_RECORD_MAX_BYTES, received_bytes: bytes } },
    );
  }
}

/**
 * Records the job and its items, then queues its batches. Sizes are checked before anything is
 * written. The job is written first and its items after, so a listing never shows items without a
 * job; a crash before the batches are queued leaves them in the recovery index, and the recovery
 * sweep queues them (recovery/index.ts). The messages carry ids only (records.ts, BulkBatchRef).
 */
export async function createBulkJob(input: CreateBulkJobInput): Promise<BulkJob> {
  const now = Date.now();
  const id = newId('bk');
  const invalid = input.items.filter((item) => item.error).length;
  const total = input.items.length;
  const created = nowIso(new Date(now));
  // Batches cover consecutive indexes; refused URLs stay in their batch as failed entries.
  const batches = chunks(
    input.items.map((item, index) => ({ index, ...item })),
    BULK_BATCH_SIZES[input.kind],
  );
  const batchItems = batches.map((entries) =>
    entries.map(({ index, url, error, overrides }) => ({
      index,
      url,
      ...(error ? { error } : {}),
      ...(overrides && Object.keys(overrides).length ? { overrides } : {}),
    })),
  );
  checkRecordSize('The options shared by all items with the custom', [input.options, input.custom], {
    reason: 'shared_options',
  });
  batchItems.forEach((items, batch) => {
    checkRecordSize(`Batch ${batch} (items ${items[0]?.index} on) with its per-item options`, items, {
      reason: 'item_overrides',
      first_index: items[0]?.index,
    });
  });
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
        // No started_at yet (absent, not NULL): the first claim sets it with if_not_exists, which a NULL defeats.
        completed_at: null,
        cancelled_at: null,
        // As JSON text: any custom the request accepts (1e20, nesting beyond DynamoDB's 32 levels) round-trips.
        custom_json: JSON.stringify(input.custom),
        // The batches' workers read the shared options here (their messages carry ids only).
        options_json: JSON.stringify(input.options),
        webhook_url: input.webhook?.url ?? null,
        events: input.webhook?.events ?? [],
        expiresAt: expiry(now),
      },
    }),
  );
  const records = batchItems.map((items, batch) => {
    const runnable = items.some((entry) => !entry.error);
    return {
      ...batchKey(id, batch),
      type: 'bulk_batch',
      batch,
      account_id: input.accountId,
      kind: input.kind,
      // The listing needs the URL (and a refusal); the worker the overrides.
      items,
      status: runnable ? 'queued' : 'done',
      // Until it is done, in the recovery index: a batch whose message never comes is queued again.
      ...(runnable ? batchRecoveryKeys({ jobId: id, batch }, now) : {}),
      expiresAt: expiry(now),
    };
  });
  await batchWrite(records);
  const messages: BulkBatchMessage[] = batchItems
    .map((items, batch) => ({
      accountId: input.accountId,
      jobId: id,
      batch,
      kind: input.kind,
      options: input.options,
      webhook: input.webhook,
      custom: input.custom,
      items: runnableItems(items),
    }))
    .filter((message) => message.items.length);
  await (input.send ?? sendBulkBatches)(messages);
  const job = await getBulkJob(input.accountId, id);
  if (!job) throw new Error(`bulk job ${id} vanished after it was written`);
  return job;
}
