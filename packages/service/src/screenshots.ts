import { PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, s3Client, sqsClient } from './clients';
import { bucketName, queueUrl, tableName } from './config';
import { signedContentUrl } from './content-urls';
import { nowIso } from './ids';
import { claimJobRecord, JOB_CLAIM_LEASE_MS, type TakenJob, takenJob } from './job-claims';
import type { Admission } from './metering';
import { OBJECT_RETENTION } from './object-retention';
import type { ScrapeError } from './scrapes';
import { cancellationCode, transactWrite } from './transactions';
import { dispatchOutbox, type OutboxDelivery, outboxDelivery, outboxPut } from './webhook-outbox';
import { pendingIndexKeys, type WebhookInput } from './webhooks';

/** How long GET /v1/screenshots/{id} can read a screenshot (and its image) back. */
export const SCREENSHOT_RETENTION_SECONDS = OBJECT_RETENTION.screenshots.retentionSeconds;

/** The S3 prefix of screenshot images; the bucket's lifecycle drops them after the retention. */
export const SCREENSHOT_PREFIX = OBJECT_RETENTION.screenshots.prefix;

export type ScreenshotStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** GET /v1/screenshots/{id}; image_url is signed anew on every read (valid 600 s). */
export interface ScreenshotRecord {
  id: string;
  status: ScreenshotStatus;
  url: string;
  final_url: string | null;
  format: ImageFormat;
  /** The image's real pixel size (CSS size × device_scale_factor), once completed. */
  width: number | null;
  height: number | null;
  bytes: number | null;
  created_at: string;
  completed_at: string | null;
  custom: Record<string, unknown>;
  error: ScrapeError | null;
  image_url: string | null;
}

/** What a finished capture left: the image is already in the bucket under `imageKey`. */
export interface ScreenshotResult {
  finalUrl: string;
  width: number;
  height: number;
  bytes: number;
}

const recordKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `SHOT#${id}` });

export const screenshotImageKey = (accountId: string, id: string, format: ImageFormat) =>
  `${SCREENSHOT_PREFIX}${accountId}/${id}.${format === 'jpeg' ? 'jpg' : format}`;

/**
 * A new screenshot record. `job` is the pipeline's input (kept for the worker), `origin` the API
 * origin the caller used, so a webhook sent by the worker can carry a signed image_url too.
 *
 * One captured at once (`processing`, the synchronous route) is its function's under a claim's
 * lease, and stands in the pending index from the lease's end: if the function dies before it
 * ends the screenshot or hands it to the worker (both leave the index), the sweep finds it there
 * and ends it as failed with its screenshot.failed webhook (webhook-sweep.ts), instead of leaving
 * it processing for good.
 */
export async function createScreenshot(input: {
  accountId: string;
  id: string;
  url: string;
  format: ImageFormat;
  custom: Record<string, unknown>;
  status: 'pending' | 'processing';
  origin: string;
  job: Record<string, unknown>;
}): Promise<void> {
  const leaseEnd = Date.now() + JOB_CLAIM_LEASE_MS;
  const held =
    input.status === 'processing'
      ? { claim_until: leaseEnd, ...pendingIndexKeys(input.id, nowIso(new Date(leaseEnd))) }
      : {};
  await dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...recordKey(input.accountId, input.id),
        ...held,
        type: 'screenshot',
        id: input.id,
        status: input.status,
        url: input.url,
        format: input.format,
        // As JSON text, as queued scrapes do: `custom` may hold what a DynamoDB map cannot store
        // (1e20, integers past 2^53, nesting deeper than 32) and must come back as parsed.
        custom_json: JSON.stringify(input.custom),
        origin: input.origin,
        job_json: JSON.stringify(input.job),
        created_at: nowIso(),
        completed_at: null,
        error: null,
        expiresAt: Math.floor(Date.now() / 1000) + SCREENSHOT_RETENTION_SECONDS,
      },
    }),
  );
}

/**
 * Hands a screenshot to the screenshots worker: the record goes (back) to pending with the
 * admission the worker settles, then the message is sent.
 */
export async function enqueueScreenshot(
  accountId: string,
  id: string,
  admission: Admission | undefined,
): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: recordKey(accountId, id),
      UpdateExpression:
        'SET #status = :pending, admission = :admission REMOVE claim_until, pending_pk, pending_due',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending', ':admission': admission ?? null },
    }),
  );
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl('screenshots'),
      MessageBody: JSON.stringify({ accountId, id }),
    }),
  );
}

export interface ClaimedScreenshot {
  job: Record<string, unknown>;
  admission?: Admission;
  origin: string;
}

/**
 * Moves a pending screenshot to processing. When another delivery of the same message already took
 * it (SQS is at-least-once), which keeps the worker idempotent, the answer says what it left
 * (TakenJob).
 */
export async function claimScreenshot(accountId: string, id: string): Promise<ClaimedScreenshot | TakenJob> {
  const claim = await claimJobRecord(recordKey(accountId, id), 'pending');
  if ('taken' in claim) return takenJob(claim.taken);
  const { claimed } = claim;
  return {
    job: JSON.parse(claimed.job_json as string),
    admission: (claimed.admission as Admission | null) ?? undefined,
    origin: claimed.origin as string,
  };
}

export async function putScreenshotImage(key: string, image: Uint8Array, format: ImageFormat): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucketName(),
      Key: key,
      Body: image,
      ContentType: `image/${format}`,
    }),
  );
}

type ScreenshotOutcome = { result: ScreenshotResult & { imageKey: string } } | { error: ScrapeError };

/** The webhook a finished screenshot sends: its payload is made from the record as it ends. */
export type ScreenshotWebhook = Omit<WebhookInput, 'accountId' | 'payload'> & {
  payload: (record: ScreenshotRecord) => unknown;
};

/**
 * Ends a screenshot: completed with its image's facts, or failed with the error. Its webhook
 * delivery, if any, is recorded in the same transaction and named in the record's outbox until
 * dispatchScreenshotOutbox queues it (webhook-outbox.ts). Undefined when the screenshot had
 * already ended (a worker that took it over finished first); else the delivery recorded, if any.
 */
export async function finishScreenshot(
  accountId: string,
  id: string,
  outcome: ScreenshotOutcome,
  webhook?: ScreenshotWebhook,
): Promise<{ delivery?: OutboxDelivery } | undefined> {
  const done = 'result' in outcome;
  const fields = {
    status: done ? 'completed' : 'failed',
    completed_at: nowIso(),
    error: done ? null : outcome.error,
    final_url: done ? outcome.result.finalUrl : null,
    width: done ? outcome.result.width : null,
    height: done ? outcome.result.height : null,
    bytes: done ? outcome.result.bytes : null,
    image_key: done ? outcome.result.imageKey : null,
  };
  const delivery = webhook && (await screenshotDelivery(accountId, id, fields, webhook));
  const end = {
    Update: {
      TableName: tableName(),
      Key: recordKey(accountId, id),
      UpdateExpression: `SET #status = :status, completed_at = :now, #error = :error, final_url = :final, width = :w, height = :h, #bytes = :bytes, image_key = :key${delivery ? ', outbox = :outbox' : ''} REMOVE claim_until, pending_pk, pending_due`,
      ConditionExpression: '#status = :processing',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error', '#bytes': 'bytes' },
      ExpressionAttributeValues: {
        ':status': fields.status,
        ':now': fields.completed_at,
        ':error': fields.error,
        ':final': fields.final_url,
        ':w': fields.width,
        ':h': fields.height,
        ':bytes': fields.bytes,
        ':key': fields.image_key,
        ':processing': 'processing',
        ...(delivery ? { ':outbox': [delivery.id] } : {}),
      },
    },
  };
  try {
    await transactWrite([end, ...(delivery ? [outboxPut(delivery)] : [])]);
    return { delivery };
  } catch (error) {
    if (cancellationCode(error, 0) === 'ConditionalCheckFailed') return undefined;
    throw error;
  }
}

/** The delivery of `webhook`, its payload made from the record as `fields` end it. */
async function screenshotDelivery(
  accountId: string,
  id: string,
  fields: Record<string, unknown>,
  webhook: ScreenshotWebhook,
): Promise<OutboxDelivery> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: recordKey(accountId, id), ConsistentRead: true }),
  );
  const record = toScreenshotRecord(accountId, { ...Item, ...fields });
  const { payload, ...input } = webhook;
  return outboxDelivery({ ...input, accountId, payload: payload(record) });
}

/** Queues the deliveries a finished screenshot recorded (finishScreenshot), then clears its outbox. */
export async function dispatchScreenshotOutbox(accountId: string, id: string, ids: readonly string[]) {
  await dispatchOutbox(accountId, recordKey(accountId, id), ids);
}

/**
 * The caller's own screenshot, image_url signed for `origin` now; another account's id is
 * indistinguishable from an unknown one.
 */
export async function getScreenshot(
  accountId: string,
  id: string,
  origin?: string,
): Promise<ScreenshotRecord | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: recordKey(accountId, id), ConsistentRead: true }),
  );
  return Item ? toScreenshotRecord(accountId, Item, origin) : undefined;
}

function toScreenshotRecord(
  accountId: string,
  Item: Record<string, unknown>,
  origin?: string,
): ScreenshotRecord {
  const completed = Item.status === 'completed' && typeof Item.image_key === 'string';
  return {
    id: Item.id as string,
    status: Item.status as ScreenshotStatus,
    url: Item.url as string,
    final_url: (Item.final_url as string | undefined) ?? null,
    format: Item.format as ImageFormat,
    width: (Item.width as number | undefined) ?? null,
    height: (Item.height as number | undefined) ?? null,
    bytes: (Item.bytes as number | undefined) ?? null,
    created_at: Item.created_at as string,
    completed_at: (Item.completed_at as string | undefined) ?? null,
    custom: JSON.parse((Item.custom_json as string | undefined) ?? '{}'),
    error: (Item.error as ScrapeError | undefined) ?? null,
    image_url: completed
      ? signedContentUrl(origin ?? (Item.origin as string), accountId, Item.image_key as string)
      : null,
  };
}
