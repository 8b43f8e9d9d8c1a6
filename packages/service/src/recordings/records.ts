import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { live } from '../bulk/records';
import { dynamoClient, s3Client } from '../clients';
import { bucketName, tableName } from '../config';
import { signedContentUrl } from '../content-urls';
import { nowIso } from '../ids';
import { OBJECT_RETENTION } from '../object-retention';
import { type Page, queryPartitionPage } from '../pagination';

/** How long a recording (its record and its WACZ) is kept, on every plan. */
export const RECORDING_RETENTION_SECONDS = OBJECT_RETENTION.recordings.retentionSeconds;

export const WACZ_CONTENT_TYPE = 'application/wacz';

/** GET /v1/recordings/{id}; download_url is signed anew on every read (valid 600 s). */
export interface RecordingView {
  id: string;
  url: string;
  created_at: string;
  expires_at: string;
  size_bytes: number;
  pages: number;
  requests: number;
  /** The scrape (`sc_…`) or screenshot (`ss_…`) that made it. */
  source: string;
  download_url: string;
}

/**
 * What a replay needs besides the archive: how the recorded capture reported its page, so the
 * envelope of a replay says what the original said.
 */
export interface RecordedPage {
  finalUrl: string;
  status: number;
  /** The document's media type as the capture reported it. */
  contentType: string;
  wireBytes: number;
  retrievedAt: string;
}

/** What a replay reads of a recording. */
export interface StoredRecording {
  url: string;
  page: RecordedPage;
  archiveKey: string;
}

export interface NewRecording {
  accountId: string;
  id: string;
  url: string;
  source: string;
  pages: number;
  requests: number;
  page: RecordedPage;
  wacz: Uint8Array;
}

const recordingKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `RECORDING#${id}` });

const archiveKeyOf = (accountId: string, id: string) =>
  `${OBJECT_RETENTION.recordings.prefix}${accountId}/${id}.wacz`;

/**
 * Stores a recording: the archive first, then the record naming it, so a listed recording can
 * always be downloaded. Its id comes from its source's, so a job that runs again (a redelivered
 * message, a lease taken over) writes the same object and record again instead of a second one.
 */
export async function saveRecording(recording: NewRecording): Promise<void> {
  const archiveKey = archiveKeyOf(recording.accountId, recording.id);
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucketName(),
      Key: archiveKey,
      Body: recording.wacz,
      ContentType: WACZ_CONTENT_TYPE,
      ContentDisposition: `attachment; filename="${recording.id}.wacz"`,
    }),
  );
  const now = Date.now();
  const expiresAt = Math.floor(now / 1000) + RECORDING_RETENTION_SECONDS;
  await dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...recordingKey(recording.accountId, recording.id),
        type: 'recording',
        id: recording.id,
        url: recording.url,
        source: recording.source,
        created_at: nowIso(new Date(now)),
        size_bytes: recording.wacz.byteLength,
        pages: recording.pages,
        requests: recording.requests,
        archive_key: archiveKey,
        page: recording.page,
        expiresAt,
      },
    }),
  );
}

/** The caller's own recording, its download_url signed now; another account's id is undefined. */
export async function getRecording(accountId: string, id: string): Promise<RecordingView | undefined> {
  const Item = await readRecordingItem(accountId, id);
  return Item ? recordingView(accountId, Item) : undefined;
}

/** The caller's own recording as a replay reads it. */
export async function findRecording(accountId: string, id: string): Promise<StoredRecording | undefined> {
  const Item = await readRecordingItem(accountId, id);
  if (!Item) return undefined;
  return { url: Item.url as string, page: Item.page as RecordedPage, archiveKey: Item.archive_key as string };
}

/** Not past its retention: DynamoDB's TTL deletes late. */
async function readRecordingItem(
  accountId: string,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: recordingKey(accountId, id), ConsistentRead: true }),
  );
  return Item && live(Item) ? Item : undefined;
}

/** GET /v1/recordings: newest first. */
export async function listRecordings(
  accountId: string,
  options: { limit: number; cursor?: string },
): Promise<Page<RecordingView>> {
  const page = await queryPartitionPage(
    { pk: `ACCT#${accountId}`, skPrefix: 'RECORDING#' },
    { ...options, newestFirst: true },
  );
  return {
    data: page.items.filter(live).map((item) => recordingView(accountId, item)),
    next_cursor: page.next_cursor,
  };
}

/** Deletes the record, then the archive; false when there was none on this account. */
export async function deleteRecording(accountId: string, id: string): Promise<boolean> {
  const { Attributes } = await dynamoClient().send(
    new DeleteCommand({ TableName: tableName(), Key: recordingKey(accountId, id), ReturnValues: 'ALL_OLD' }),
  );
  if (!Attributes) return false;
  await s3Client().send(
    new DeleteObjectCommand({ Bucket: bucketName(), Key: Attributes.archive_key as string }),
  );
  return live(Attributes) === true;
}

/** The WACZ bytes of a stored recording; 404 when the bucket no longer has them. */
export async function readRecordingArchive(archiveKey: string): Promise<Uint8Array> {
  const { Body } = await s3Client()
    .send(new GetObjectCommand({ Bucket: bucketName(), Key: archiveKey }))
    .catch((error: unknown) => {
      if ((error as Error).name === 'NoSuchKey') {
        throw new ApiError('not_found', 'The archive of this recording is no longer kept.');
      }
      throw error;
    });
  return (await Body?.transformToByteArray()) ?? new Uint8Array();
}

function recordingView(accountId: string, Item: Record<string, unknown>): RecordingView {
  return {
    id: Item.id as string,
    url: Item.url as string,
    created_at: Item.created_at as string,
    expires_at: nowIso(new Date((Item.expiresAt as number) * 1000)),
    size_bytes: Item.size_bytes as number,
    pages: Item.pages as number,
    requests: Item.requests as number,
    source: Item.source as string,
    download_url: signedContentUrl(accountId, Item.archive_key as string),
  };
}
