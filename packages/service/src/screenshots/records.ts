import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, s3Client } from '../clients';
import { bucketName, tableName } from '../config';
import { signedContentUrl } from '../content-urls';
import { nowIso } from '../ids';
import { JOB_CLAIM_LEASE_MS } from '../jobs/claims';
import { singleJobRecoveryKeys } from '../jobs/recovery';
import { storedJobJson } from '../jobs/request-bodies';
import { OBJECT_RETENTION } from '../object-retention';
import { recordingIdFor } from '../recordings';
import type { ScrapeError } from '../scrapes/records';
import { pendingIndexKeys } from '../webhooks/deliveries';

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
  /** With record: true, once completed: the recording of the capture. */
  recording_id?: string;
}

/** What a finished capture left: the image is already in the bucket under `imageKey`. */
export interface ScreenshotResult {
  finalUrl: string;
  width: number;
  height: number;
  bytes: number;
}

/** A screenshot's record, in its account's partition. */
export const screenshotKey = (accountId: string, id: string) => ({
  pk: `ACCT#${accountId}`,
  sk: `SHOT#${id}`,
});

export const screenshotImageKey = (accountId: string, id: string, format: ImageFormat) =>
  `${SCREENSHOT_PREFIX}${accountId}/${id}.${format === 'jpeg' ? 'jpg' : format}`;

/**
 * A new screenshot record. `job` is the pipeline's input (kept for the worker).
 *
 * One captured at once (`processing`, the synchronous route) is its function's under a claim's
 * lease, and stands in the pending index from the lease's end: if the function dies before it
 * ends the screenshot or hands it to the worker (both leave the index), the sweep finds it there
 * and ends it as failed with its screenshot.failed webhook (webhooks/sweep.ts), instead of leaving
 * it processing for good.
 */
export async function createScreenshot(input: {
  accountId: string;
  id: string;
  url: string;
  format: ImageFormat;
  custom: Record<string, unknown>;
  status: 'pending' | 'processing';
  job: Record<string, unknown>;
}): Promise<void> {
  const leaseEnd = Date.now() + JOB_CLAIM_LEASE_MS;
  // One recorded pending waits for its worker's message: in the recovery index, as enqueueScreenshot puts it.
  const held =
    input.status === 'processing'
      ? { claim_until: leaseEnd, ...pendingIndexKeys(input.id, nowIso(new Date(leaseEnd))) }
      : { recoveries: 0, ...singleJobRecoveryKeys('screenshot', input.id, Date.now()) };
  await dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...screenshotKey(input.accountId, input.id),
        ...held,
        type: 'screenshot',
        id: input.id,
        status: input.status,
        url: input.url,
        format: input.format,
        // As JSON text, as queued scrapes do: `custom` may hold what a DynamoDB map cannot store
        // (1e20, integers past 2^53, nesting deeper than 32) and must come back as parsed.
        custom_json: JSON.stringify(input.custom),
        // In S3 when large (many cookies): an item holds 400 KB at most.
        ...(await storedJobJson('job_json', input.accountId, input.id, input.job)),
        created_at: nowIso(),
        completed_at: null,
        error: null,
        expiresAt: Math.floor(Date.now() / 1000) + SCREENSHOT_RETENTION_SECONDS,
      },
    }),
  );
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

/**
 * The caller's own screenshot, image_url signed now; another account's id is
 * indistinguishable from an unknown one.
 */
export async function getScreenshot(accountId: string, id: string): Promise<ScreenshotRecord | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: screenshotKey(accountId, id), ConsistentRead: true }),
  );
  return Item ? toScreenshotRecord(accountId, Item) : undefined;
}

/** The API's view of a stored screenshot, its image_url signed now. */
export function toScreenshotRecord(accountId: string, Item: Record<string, unknown>): ScreenshotRecord {
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
    image_url: completed ? signedContentUrl(accountId, Item.image_key as string) : null,
    // The recording is stored before the screenshot completes, under an id its own gives it.
    ...(completed && JSON.parse((Item.job_json as string | undefined) ?? '{}').record === true
      ? { recording_id: recordingIdFor(Item.id as string) }
      : {}),
  };
}
