import type { ObjectPart } from '../content-urls';
import { OBJECT_RETENTION } from '../object-retention';

/**
 * Bulk jobs (README, Bulk jobs): a job record in the account's partition; in the job's own
 * partition one record per batch of items (ten; three for screenshots) (its URLs, its state and
 * claim, and once it is done its items' outcomes); one SQS message per batch. Every item is run and
 * billed exactly once: a batch is claimed with a token and a lease in one transaction (claims.ts),
 * and its items' outcomes, its charge on the meter, the usage rows and the job's counters are
 * written in one transaction conditioned on that claim (commit.ts) — so a redelivered message, a
 * worker killed mid-batch or two workers racing can neither bill an item twice nor lose it. This
 * file holds the records' shapes and keys; README.md beside it walks through the protocol.
 */

export type BulkKind = 'scrape' | 'fetch' | 'screenshot';

/** Where a job of this kind is read: its items with content_url, or (screenshots) with image_url. */
export function bulkJobPath(kind: BulkKind, id: string): `/${string}` {
  return kind === 'screenshot' ? `/v1/bulk/${id}/screenshots` : `/v1/${kind}/bulk/${id}`;
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

/**
 * What a batch's SQS message carries: ids only, a few hundred bytes whatever the job's options,
 * custom or per-item overrides weigh (SQS refuses messages over 256 KiB); the worker reads the rest
 * from the job and batch records (batch-load.ts).
 */
export interface BulkBatchRef {
  accountId: string;
  jobId: string;
  /** The batch's number: items bn … bn + b - 1 of the job, b its kind's batch size. */
  batch: number;
  kind: BulkKind;
}

/** What a worker needs to run a batch: its ref plus what the job and batch records hold. */
export interface BulkBatchMessage extends BulkBatchRef {
  options: Record<string, unknown>;
  webhook: { url: string; events: string[] } | null;
  custom: Record<string, unknown>;
  items: { index: number; url: string; overrides?: Record<string, unknown> }[];
}

/** An item as its batch record stores it: a refused URL keeps its error, a runnable one its overrides. */
export interface StoredBatchItem {
  index: number;
  url: string;
  overrides?: Record<string, unknown>;
  error?: BulkItemError;
}

/** The items of a batch a worker runs (refused URLs are failed at submission). */
export function runnableItems(items: readonly StoredBatchItem[]): BulkBatchMessage['items'] {
  return items
    .filter((item) => !item.error)
    .map(({ index, url, overrides }) => ({ index, url, ...(overrides ? { overrides } : {}) }));
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
export const itemKey = (jobId: string, index: number) => ({
  pk: `BULK#${jobId}`,
  sk: `ITEM#${String(index).padStart(6, '0')}`,
});
export const batchKey = (jobId: string, batch: number) => ({
  pk: `BULK#${jobId}`,
  sk: `BATCH#${String(batch).padStart(5, '0')}`,
});
/** The status listing (gsi1): one partition per account and status, newest id last. */
export const statusPartition = (accountId: string, status: BulkJobStatus) => `BULKS#${accountId}#${status}`;

/** When a job's records (and the DynamoDB TTL) expire, from its creation. */
export const expiry = (nowMs: number) => Math.floor(nowMs / 1000) + BULK_RETENTION_SECONDS;

/** A job record as stored: its counters, from which the API's counts are derived (toJob). */
export type JobRecord = Record<string, unknown> & {
  id: string;
  status: BulkJobStatus;
  total: number;
  invalid: number;
  started: number;
  completed: number;
  failed: number;
  pending: number;
};

/** The API's view of a job record. */
export function toJob(record: JobRecord): BulkJob {
  const unstarted = Math.max(0, record.total - record.invalid - record.started);
  const cancelled = record.status === 'cancelled';
  // Cancel ends every item not finished by then, running ones included (README, Bulk jobs: cancel):
  // an item whose worker commits later moves from cancelled to completed or failed, so the counts
  // always add up to the total.
  const unfinished = Math.max(0, record.total - record.invalid - record.completed - record.failed);
  return {
    id: record.id,
    kind: record.kind as BulkKind,
    status: record.status,
    counts: {
      total: record.total,
      queued: cancelled ? 0 : unstarted,
      running: cancelled ? 0 : Math.max(0, record.started - record.completed - record.failed),
      completed: record.completed,
      failed: record.failed + record.invalid,
      cancelled: cancelled ? unfinished : 0,
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

/** Not past its retention: DynamoDB deletes expired items late (DynamoDB Local never). */
export const live = (record: Record<string, unknown> | undefined) =>
  record && Number(record.expiresAt ?? Number.POSITIVE_INFINITY) > Date.now() / 1000;
