import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, s3Client, sqsClient } from './clients';
import { bucketName, queueUrl, tableName } from './config';
import { nowIso } from './ids';
import { claimJobRecord, type TakenJob, takenJob } from './job-claims';
import type { Admission } from './metering';
import { OBJECT_RETENTION } from './object-retention';
import { cancellationCode, transactWrite } from './transactions';
import { dispatchOutbox, type OutboxDelivery, outboxPut } from './webhook-outbox';

/** How long GET /v1/scrape/{id} can read a scrape back. */
export const SCRAPE_RETENTION_SECONDS = OBJECT_RETENTION.scrapes.retentionSeconds;

export type ScrapeStatus = 'queued' | 'processing' | 'completed' | 'failed';

export interface ScrapeError {
  code: string;
  message: string;
  http_status: number;
  details?: Record<string, unknown>;
}

export interface ScrapeRecord {
  id: string;
  status: ScrapeStatus;
  url: string;
  created_at: string;
  completed_at: string | null;
  error: ScrapeError | null;
}

const recordKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `SCRAPE#${id}` });
const resultObjectKey = (accountId: string, id: string) =>
  `${OBJECT_RETENTION.scrapes.prefix}${accountId}/${id}.json`;

function putRecord(
  accountId: string,
  id: string,
  fields: { url: string; status: ScrapeStatus; completed_at: string | null } & Record<string, unknown>,
) {
  return dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...recordKey(accountId, id),
        type: 'scrape',
        id,
        created_at: nowIso(),
        error: null,
        expiresAt: Math.floor(Date.now() / 1000) + SCRAPE_RETENTION_SECONDS,
        ...fields,
      },
    }),
  );
}

/** A synchronous scrape's envelope, kept so GET /v1/scrape/{id} can return it later. */
export async function saveCompletedScrape(accountId: string, id: string, url: string, envelope: unknown) {
  // In parallel: nobody can ask for this id before the response that names it has been sent.
  await Promise.all([
    putResult(accountId, id, envelope),
    putRecord(accountId, id, { url, status: 'completed', completed_at: nowIso() }),
  ]);
}

async function putResult(accountId: string, id: string, envelope: unknown) {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucketName(),
      Key: resultObjectKey(accountId, id),
      Body: JSON.stringify(envelope),
      ContentType: 'application/json',
    }),
  );
}

/**
 * Records an asynchronous scrape and queues it; the queue's worker (scrape-jobs, or scrape-render
 * for scrapes that need a browser) picks it up and settles (or rolls back) the admission the
 * request was given, whose slot stays held until then.
 */
export async function enqueueScrapeJob(
  accountId: string,
  id: string,
  request: { url: string } & Record<string, unknown>,
  admission: Admission | undefined,
  queue: 'scrape-jobs' | 'scrape-render' = 'scrape-jobs',
) {
  await recordScrapeJob(accountId, id, request, admission);
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(queue),
      MessageBody: JSON.stringify({ accountId, id }),
    }),
  );
}

/** The queued job's record, as enqueueScrapeJob writes it before queueing its message. */
export async function recordScrapeJob(
  accountId: string,
  id: string,
  request: { url: string } & Record<string, unknown>,
  admission: Admission | undefined,
) {
  await putRecord(accountId, id, {
    url: request.url,
    status: 'queued',
    completed_at: null,
    // As JSON text, not a DynamoDB map: the caller's `custom` may hold what a map cannot store
    // (1e20, integers past 2^53, nesting deeper than 32), and must come back exactly as parsed.
    request_json: JSON.stringify(request),
    admission,
  });
}

/**
 * Moves a queued job to processing and returns its request. When another delivery of the same
 * message already took it (SQS is at-least-once), which keeps the worker idempotent, the answer
 * says what it left (TakenJob).
 */
export async function claimScrapeJob(
  accountId: string,
  id: string,
): Promise<{ request: Record<string, unknown>; admission?: Admission } | TakenJob> {
  const claim = await claimJobRecord(recordKey(accountId, id), 'queued');
  if ('taken' in claim) return takenJob(claim.taken);
  const { claimed } = claim;
  // `request` (a map) is how jobs queued before request_json were stored.
  const request = claimed.request_json ? JSON.parse(claimed.request_json as string) : claimed.request;
  return { request: request as Record<string, unknown>, admission: claimed.admission as Admission };
}

/**
 * Ends a claimed job as completed or failed. Its webhook delivery, if any, is recorded in the same
 * transaction and named in the record's outbox until dispatchScrapeOutbox queues it, so a worker
 * killed in between loses nothing (webhook-outbox.ts). False when the job had already ended (a
 * worker that took it over finished first): then nothing is written and that outcome stands.
 */
export async function finishScrapeJob(
  accountId: string,
  id: string,
  outcome: { envelope: unknown } | { error: ScrapeError },
  delivery?: OutboxDelivery,
): Promise<boolean> {
  if ('envelope' in outcome) await putResult(accountId, id, outcome.envelope);
  const end = {
    Update: {
      TableName: tableName(),
      Key: recordKey(accountId, id),
      UpdateExpression: `SET #status = :status, completed_at = :now, #error = :error${delivery ? ', outbox = :outbox' : ''} REMOVE claim_until`,
      ConditionExpression: '#status = :processing',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: {
        ':status': 'envelope' in outcome ? 'completed' : 'failed',
        ':now': nowIso(),
        ':error': 'error' in outcome ? outcome.error : null,
        ':processing': 'processing',
        ...(delivery ? { ':outbox': [delivery.id] } : {}),
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

/** Queues the deliveries a finished job recorded (finishScrapeJob), then clears its outbox. */
export async function dispatchScrapeOutbox(accountId: string, id: string, ids: readonly string[]) {
  await dispatchOutbox(accountId, recordKey(accountId, id), ids);
}

/** The caller's own scrape: another account's id is indistinguishable from an unknown one. */
export async function getScrape(
  accountId: string,
  id: string,
): Promise<(ScrapeRecord & { result?: unknown }) | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: recordKey(accountId, id) }),
  );
  if (!Item) return undefined;
  const record: ScrapeRecord = {
    id: Item.id,
    status: Item.status,
    url: Item.url,
    created_at: Item.created_at,
    completed_at: Item.completed_at ?? null,
    error: Item.error ?? null,
  };
  if (record.status !== 'completed') return record;
  const object = await s3Client().send(
    new GetObjectCommand({ Bucket: bucketName(), Key: resultObjectKey(accountId, id) }),
  );
  return { ...record, result: JSON.parse((await object.Body?.transformToString()) ?? 'null') };
}
