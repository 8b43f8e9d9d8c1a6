import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ApiError } from '@webcapture/errors';
import { dynamoClient, s3Client } from '../clients';
import { bucketName, tableName } from '../config';
import { isIdOf, newId, nowIso } from '../ids';
import { OBJECT_RETENTION } from '../object-retention';
import { isConditionFailed } from '../transactions';

/**
 * Pre-signed bulk uploads (README, Bulk jobs: Large bodies). API Gateway and Lambda take at most
 * 6 MB per request, below the largest plans' 16 MiB max_bulk_size, so such a body goes to S3:
 * the caller asks for an upload of a declared size, PUTs the body to the pre-signed URL, and
 * submits `{"upload_id"}` to a bulk route, which reads the object and treats it as the body it
 * would have POSTed. An upload is the caller's own (record in its partition, object under its
 * prefix) and serves one submission.
 */

/** Where uploads wait in the bucket; a lifecycle rule (stacks/storage.ts) removes abandoned ones. */
export const BULK_UPLOAD_PREFIX = OBJECT_RETENTION.bulkUploads.prefix;
/** How long the pre-signed PUT is valid. */
export const BULK_UPLOAD_URL_SECONDS = 900;
/** How long after its creation an upload can be submitted. */
export const BULK_UPLOAD_VALID_SECONDS = 3600;

export interface BulkUpload {
  id: string;
  /** PUT the body here, with exactly `size_bytes` bytes (the signature covers Content-Length). */
  upload_url: string;
  method: 'PUT';
  headers: Record<string, string>;
  size_bytes: number;
  created_at: string;
  upload_url_expires_at: string;
  expires_at: string;
}

const uploadKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `UPLOAD#${id}` });
const objectKey = (accountId: string, id: string) => `${BULK_UPLOAD_PREFIX}${accountId}/${id}`;

/** Records an upload of `sizeBytes` and pre-signs its PUT; the caller checked the size against its limit. */
export async function createBulkUpload(accountId: string, sizeBytes: number): Promise<BulkUpload> {
  const id = newId('bu');
  const now = Date.now();
  const created = nowIso(new Date(now));
  const expires = nowIso(new Date(now + BULK_UPLOAD_VALID_SECONDS * 1000));
  await dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...uploadKey(accountId, id),
        type: 'bulk_upload',
        id,
        status: 'pending',
        size_bytes: sizeBytes,
        created_at: created,
        expires_at: expires,
        expiresAt: Math.floor(now / 1000) + BULK_UPLOAD_VALID_SECONDS,
      },
    }),
  );
  // ContentLength is a signed header: S3 refuses a PUT of any other length.
  const url = await getSignedUrl(
    s3Client(),
    new PutObjectCommand({
      Bucket: bucketName(),
      Key: objectKey(accountId, id),
      ContentLength: sizeBytes,
    }),
    { expiresIn: BULK_UPLOAD_URL_SECONDS },
  );
  return {
    id,
    upload_url: url,
    method: 'PUT',
    headers: { 'content-length': String(sizeBytes) },
    size_bytes: sizeBytes,
    created_at: created,
    upload_url_expires_at: nowIso(new Date(now + BULK_UPLOAD_URL_SECONDS * 1000)),
    expires_at: expires,
  };
}

function notFound(id: string, reason: string, message: string): ApiError {
  return new ApiError('not_found', message, { details: { field: 'upload_id', upload_id: id, reason } });
}

const alreadyUsed = (id: string) => notFound(id, 'used', `Bulk upload ${id} was already submitted.`);

/**
 * The body of the caller's upload `id`, used up by this call. `checkSize` runs on the stored
 * object's size before it is read (the account's max_bulk_size, with the inline body's error).
 * Another account's id, an unknown or expired one: 404 `unknown`; one whose PUT has not arrived:
 * 404 `not_uploaded` (and it stays usable); one already submitted: 404 `used`.
 */
export async function takeBulkUpload(
  accountId: string,
  id: string,
  checkSize: (bytes: number) => void | Promise<void>,
): Promise<Buffer> {
  if (!isIdOf('bu', id)) throw notFound(id, 'malformed_id', `No bulk upload ${id} on this account.`);
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: uploadKey(accountId, id), ConsistentRead: true }),
  );
  // DynamoDB Local never deletes expired items: the expiry is checked here too.
  if (!Item || Number(Item.expiresAt) <= Date.now() / 1000) {
    throw notFound(id, 'unknown', `No bulk upload ${id} on this account (uploads expire after an hour).`);
  }
  if (Item.status !== 'pending') throw alreadyUsed(id);
  const key = objectKey(accountId, id);
  let object: Awaited<ReturnType<typeof getObject>>;
  try {
    object = await getObject(key);
  } catch (error) {
    if ((error as Error).name !== 'NoSuchKey') throw error;
    throw notFound(
      id,
      'not_uploaded',
      `Nothing was uploaded to ${id} yet: PUT the body to its upload_url first.`,
    );
  }
  try {
    await checkSize(Number(object.ContentLength ?? 0));
  } catch (error) {
    object.Body?.destroy?.();
    throw error;
  }
  const body = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: uploadKey(accountId, id),
        UpdateExpression: 'SET #status = :used, used_at = :now',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':used': 'used', ':pending': 'pending', ':now': nowIso() },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    throw alreadyUsed(id);
  }
  // Used up: the object goes now; the lifecycle rule catches it if this delete is lost.
  await s3Client()
    .send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }))
    .catch(() => undefined);
  return body;
}

function getObject(key: string) {
  return s3Client().send(new GetObjectCommand({ Bucket: bucketName(), Key: key })) as Promise<{
    ContentLength?: number;
    Body?: { transformToByteArray(): Promise<Uint8Array>; destroy?: () => void };
  }>;
}
