import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FetchResult } from '@webcapture/capture';
import { bucketName, dynamoClient, s3Client, tableName } from '@webcapture/service';

/**
 * The cache holds captures — what the origin answered — not rendered outputs: every output
 * (rawHtml, markdown in any mode, links…) is derived from the capture, so one entry serves every
 * combination of output options. The key is therefore everything that changes what the origin
 * is asked and answers: the URL and the country it is fetched from. `custom`, timeouts and
 * output options never enter it.
 */
export type CachedCapture = Omit<FetchResult, 'remoteAddress' | 'proxyCountry'>;

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
export async function readCachedCapture(
  key: string,
  maxAgeSeconds: number,
  now = Date.now(),
): Promise<CachedCapture | undefined> {
  const { Item } = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: indexKey(key) }));
  // DynamoDB deletes expired items lazily (and DynamoDB Local never), so expiry is checked here too.
  if (!Item || (Item.expiresAt as number) * 1000 <= now) return undefined;
  if (now - Date.parse(Item.retrievedAt as string) > maxAgeSeconds * 1000) return undefined;
  const { objectKey, inlineBody, expiresAt: _e, pk: _p, sk: _s, ...meta } = Item;
  const body = inlineBody instanceof Uint8Array ? inlineBody : await readObject(objectKey as string);
  return body ? { ...(meta as Omit<CachedCapture, 'body'>), body } : undefined;
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

export async function writeCachedCapture(
  key: string,
  capture: CachedCapture,
  ttlSeconds: number,
): Promise<void> {
  const retrievedMs = Date.parse(capture.retrievedAt);
  const { body, ...meta } = capture;
  const index = { ...indexKey(key), ...meta, expiresAt: Math.floor(retrievedMs / 1000) + ttlSeconds };
  if (body.byteLength <= INLINE_BODY_MAX_BYTES) {
    await dynamoClient().send(
      new PutCommand({ TableName: tableName(), Item: { ...index, inlineBody: body } }),
    );
    return;
  }
  // One object per capture time: a reader never sees an index entry pointing at another capture's body.
  const objectKey = `cache/${key}/${retrievedMs}`;
  // Both writes at once: a reader that finds the index before the body treats it as a miss.
  await Promise.all([
    s3Client().send(
      new PutObjectCommand({
        Bucket: bucketName(),
        Key: objectKey,
        Body: body,
        ContentType: capture.contentType ?? undefined,
      }),
    ),
    dynamoClient().send(new PutCommand({ TableName: tableName(), Item: { ...index, objectKey } })),
  ]);
}
