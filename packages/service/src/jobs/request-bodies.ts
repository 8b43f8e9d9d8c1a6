import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../clients';
import { bucketName } from '../config';
import { OBJECT_RETENTION } from '../object-retention';

/**
 * The most of a queued job's request (as JSON) its DynamoDB record holds itself. A request body
 * may be 512 KB (100 cookies, large headers) and an item at most 400 KB: a larger request is
 * stored in S3 under `job-requests/`, and the record names it.
 */
export const INLINE_REQUEST_MAX_BYTES = 64 * 1024;

const requestObjectKey = (accountId: string, id: string) =>
  `${OBJECT_RETENTION.jobRequests.prefix}${accountId}/${id}.json`;

/**
 * The record attributes that keep `value` as JSON: `{ [field]: json }` inline, or, above
 * INLINE_REQUEST_MAX_BYTES, `{ [field + '_key']: key }` once the object is written (before the
 * record, so a record never names a missing object).
 */
export async function storedJobJson(
  field: string,
  accountId: string,
  id: string,
  value: unknown,
): Promise<Record<string, string>> {
  const json = JSON.stringify(value);
  if (Buffer.byteLength(json) <= INLINE_REQUEST_MAX_BYTES) return { [field]: json };
  const key = requestObjectKey(accountId, id);
  await s3Client().send(
    new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: json, ContentType: 'application/json' }),
  );
  return { [`${field}_key`]: key };
}

/** What storedJobJson kept under `field` of a record, from the record or from S3; undefined if neither. */
export async function readJobJson(record: Record<string, unknown>, field: string): Promise<unknown> {
  if (typeof record[field] === 'string') return JSON.parse(record[field] as string);
  const key = record[`${field}_key`];
  if (typeof key !== 'string') return undefined;
  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
  return JSON.parse((await object.Body?.transformToString()) ?? 'null');
}
