import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { Zip, ZipPassThrough } from 'fflate';
import { dynamoClient, s3Client } from '../clients';
import { bucketName, tableName } from '../config';
import { readObjectPart } from '../content-urls';
import { nowIso } from '../ids';
import { isConditionFailed } from '../transactions';
import { listBulkItems } from './listing';
import { MultipartWriter } from './multipart-writer';
import type { BulkItem, BulkJob, BulkJobStatus, BulkKind } from './records';
import { jobKey } from './records';
import { BULK_RESULT_PREFIX } from './results';

/**
 * A finished bulk job's results as one download (README: docs/api/bulk-results.md): every completed item
 * in one object beside the items' own results (same prefix, same retention): JSON Lines for
 * scrape and fetch, a zip of the images for screenshots.
 */
export interface BulkArchive {
  key: string;
  format: 'jsonl' | 'zip';
  content_type: string;
  /** Completed items in it. */
  items: number;
  bytes: number;
  created_at: string;
}

const FORMATS: Record<BulkKind, Pick<BulkArchive, 'format' | 'content_type'>> = {
  scrape: { format: 'jsonl', content_type: 'application/x-ndjson' },
  fetch: { format: 'jsonl', content_type: 'application/x-ndjson' },
  screenshot: { format: 'zip', content_type: 'application/zip' },
};

const ENDED: ReadonlySet<BulkJobStatus> = new Set(['completed', 'failed', 'cancelled']);

const PAGE_SIZE = 200;

export function bulkArchiveKey(accountId: string, jobId: string, kind: BulkKind): string {
  return `${BULK_RESULT_PREFIX}${accountId}/${jobId}/results.${FORMATS[kind].format}`;
}

/**
 * The job's archive, built the first time it is asked for after the job ended (the worker that
 * ends a job asks at once; a reader asks again if that worker died first). Building is
 * idempotent — the same items give the same object under the same key — and the record is set
 * once (conditional), so concurrent builders agree. Before the end: 409 job_not_finished.
 */
export async function bulkResultsArchive(accountId: string, job: BulkJob): Promise<BulkArchive> {
  if (!ENDED.has(job.status)) {
    throw new ApiError(
      'job_not_finished',
      `Bulk job ${job.id} is ${job.status}; its results download is built when it ends. Poll the job until its status is completed, failed or cancelled.`,
      { details: { status: job.status, counts: job.counts } },
    );
  }
  const recorded = await recordedArchive(accountId, job.id);
  if (recorded) return recorded;
  const archive = await writeArchive(accountId, job);
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(accountId, job.id),
        UpdateExpression: 'SET results_archive = :archive',
        // Once: a concurrent builder's record (of the same bytes) stands.
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(results_archive)',
        ExpressionAttributeValues: { ':archive': archive },
      }),
    );
    return archive;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return (await recordedArchive(accountId, job.id)) ?? archive;
  }
}

async function recordedArchive(accountId: string, jobId: string): Promise<BulkArchive | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: jobKey(accountId, jobId),
      ProjectionExpression: 'results_archive',
      ConsistentRead: true,
    }),
  );
  return Item?.results_archive as BulkArchive | undefined;
}

/** Every completed item, in index order, a page at a time: memory holds one page and one part. */
async function* completedItems(job: BulkJob): AsyncGenerator<BulkItem & { resultKey: string }> {
  let cursor: string | undefined;
  do {
    const page = await listBulkItems(job, { limit: PAGE_SIZE, cursor });
    for (const item of page.data) if (item.status === 'completed' && item.resultKey) yield item as never;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

async function itemBytes(item: BulkItem & { resultKey: string }): Promise<Buffer> {
  if (item.resultPart) return readObjectPart(item.resultKey, item.resultPart);
  const { Body } = await s3Client().send(new GetObjectCommand({ Bucket: bucketName(), Key: item.resultKey }));
  return Buffer.from((await Body?.transformToByteArray()) ?? []);
}

async function writeArchive(accountId: string, job: BulkJob): Promise<BulkArchive> {
  const key = bulkArchiveKey(accountId, job.id, job.kind);
  const format = FORMATS[job.kind];
  const writer = new MultipartWriter(key, format.content_type);
  try {
    const items = format.format === 'zip' ? await writeZip(job, writer) : await writeJsonLines(job, writer);
    await writer.close();
    return { key, ...format, items, bytes: writer.bytes, created_at: nowIso() };
  } catch (error) {
    await writer.abort().catch(() => undefined);
    throw error;
  }
}

const TEXTUAL = /^(text\/|application\/([\w.+-]+\+)?(json|xml)|application\/javascript)/i;

/** One line per completed item: its fields and its result (a scrape's envelope; a fetch's body). */
async function writeJsonLines(job: BulkJob, writer: MultipartWriter): Promise<number> {
  let count = 0;
  for await (const item of completedItems(job)) {
    const bytes = await itemBytes(item);
    const { index, url, upstream_status, content_type } = item;
    const line =
      job.kind === 'scrape'
        ? { index, url, upstream_status, content_type, result: JSON.parse(bytes.toString('utf8')) }
        : TEXTUAL.test(content_type ?? '')
          ? { index, url, upstream_status, content_type, content: bytes.toString('utf8') }
          : { index, url, upstream_status, content_type, content_base64: bytes.toString('base64') };
    await writer.write(Buffer.from(`${JSON.stringify(line)}\n`, 'utf8'));
    count++;
  }
  return count;
}

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/**
 * Each image as `<index>.<ext>` (stored, not deflated: images are compressed already) and a
 * manifest.json naming each file's index and URL.
 */
async function writeZip(job: BulkJob, writer: MultipartWriter): Promise<number> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const drain = async () => {
    for (const chunk of chunks.splice(0)) await writer.write(chunk);
    if (failure) throw failure;
  };
  const manifest: Array<{ index: number; url: string; file: string }> = [];
  for await (const item of completedItems(job)) {
    const file = `${String(item.index).padStart(5, '0')}.${IMAGE_EXTENSIONS[item.content_type ?? ''] ?? 'bin'}`;
    const entry = new ZipPassThrough(file);
    zip.add(entry);
    entry.push(await itemBytes(item), true);
    manifest.push({ index: item.index, url: item.url, file });
    await drain();
  }
  const index = new ZipPassThrough('manifest.json');
  zip.add(index);
  index.push(Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'), true);
  zip.end();
  await drain();
  return manifest.length;
}
