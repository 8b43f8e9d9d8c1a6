import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../batch-write';
import { dynamoClient, s3Client } from '../clients';
import { bucketName, tableName } from '../config';
import { OBJECT_RETENTION } from '../object-retention';

/**
 * The cache holds captures — what the origin answered — not rendered outputs: every output
 * (rawHtml, markdown in any mode, links…) is derived from the capture, so one entry serves every
 * combination of output options. The key is therefore everything that changes what the origin
 * is asked and answers: the URL and the country it is fetched from. `custom`, timeouts and
 * output options never enter it.
 */

/**
 * What the cache needs of a capture: its body (inline or in S3), when it was retrieved (its age)
 * and its content type (the S3 object's). Every other field is stored and read back as it is, so
 * the pipelines' own capture type (scraping's CachedCapture) round-trips whole.
 */
export interface CacheableCapture {
  body: Uint8Array;
  retrievedAt: string;
  contentType: string | null;
}

export function captureCacheKey(input: { url: string; country: string }): string {
  const url = new URL(input.url);
  url.hash = '';
  return createHash('sha256')
    .update(JSON.stringify({ v: 1, url: url.href, country: input.country }))
    .digest('hex');
}

const indexKey = (key: string) => ({ pk: `CACHE#${key}`, sk: 'CACHE' });

/**
 * Bodies up to this size live in the index item itself (DynamoDB items hold 400 KB), so a hit on a
 * typical page is one read; larger ones go to S3.
 */
export const INLINE_BODY_MAX_BYTES = 96 * 1024;

/**
 * A hit needs an entry younger than both its own expiry and the caller's cache_ttl, so a caller
 * asking for fresher data than an entry holds never gets the older copy.
 */
export async function readCachedCapture<C extends CacheableCapture = CacheableCapture>(
  key: string,
  maxAgeSeconds: number,
  now = Date.now(),
): Promise<C | undefined> {
  const { Item } = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: indexKey(key) }));
  // DynamoDB deletes expired items lazily (and DynamoDB Local never), so expiry is checked here too.
  if (!Item || (Item.expiresAt as number) * 1000 <= now) return undefined;
  if (now - Date.parse(Item.retrievedAt as string) > maxAgeSeconds * 1000) return undefined;
  const { objectKey, inlineBody, expiresAt: _e, pk: _p, sk: _s, ...meta } = Item;
  const body = inlineBody instanceof Uint8Array ? inlineBody : await readObject(objectKey as string);
  return body ? ({ ...meta, body } as unknown as C) : undefined;
}

async function readObject(objectKey: string): Promise<Uint8Array | undefined> {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucketName(), Key: objectKey }));
    return await object.Body?.transformToByteArray();
  } catch (error) {
    // The body outlived its index entry or the other way round: treat as a miss.
    if ((error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** A cache write not yet made: what writeCachedCaptures writes for several captures at once. */
export interface PendingCacheWrite<C extends CacheableCapture = CacheableCapture> {
  key: string;
  capture: C;
  ttlSeconds: number;
}

/** The index item of a capture, and the S3 object of a body too large to live in it. */
function cacheRecords({ key, capture, ttlSeconds }: PendingCacheWrite) {
  const retrievedMs = Date.parse(capture.retrievedAt);
  const { body, ...meta } = capture;
  const index = { ...indexKey(key), ...meta, expiresAt: Math.floor(retrievedMs / 1000) + ttlSeconds };
  if (body.byteLength <= INLINE_BODY_MAX_BYTES) return { item: { ...index, inlineBody: body } };
  // One object per capture time: a reader never sees an index entry pointing at another capture's body.
  const objectKey = `${OBJECT_RETENTION.cache.prefix}${key}/${retrievedMs}`;
  return {
    item: { ...index, objectKey },
    object: new PutObjectCommand({
      Bucket: bucketName(),
      Key: objectKey,
      Body: body,
      ContentType: capture.contentType ?? undefined,
    }),
  };
}

export async function writeCachedCapture(
  key: string,
  capture: CacheableCapture,
  ttlSeconds: number,
): Promise<void> {
  const { item, object } = cacheRecords({ key, capture, ttlSeconds });
  // Both writes at once: a reader that finds the index before the body treats it as a miss.
  await Promise.all([
    object && s3Client().send(object),
    dynamoClient().send(new PutCommand({ TableName: tableName(), Item: item })),
  ]);
}

/**
 * Several captures' cache writes in BatchWriteItem requests of up to 25 index items (a bulk
 * batch's, at its end) instead of one PutItem each. A key captured twice is written once, with
 * the later capture, as two PutItems in a row would leave it.
 */
export async function writeCachedCaptures(writes: PendingCacheWrite[]): Promise<void> {
  const latest = new Map(writes.map((write) => [write.key, write]));
  const records = [...latest.values()].map(cacheRecords);
  await Promise.all([
    ...records.flatMap(({ object }) => (object ? [s3Client().send(object)] : [])),
    batchWrite(records.map(({ item }) => item)),
  ]);
}
