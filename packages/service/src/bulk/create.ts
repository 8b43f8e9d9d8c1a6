import { PutCommand } from '@aws-sdk/lib-dynamodb';
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
  statusPartition,
} from './records';

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
        // No started_at yet (absent, not NULL): the first claim sets it with if_not_exists, which a NULL defeats.
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
