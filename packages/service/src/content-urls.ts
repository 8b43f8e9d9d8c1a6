import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ApiError } from '@webcapture/errors';
import { s3Client } from './clients';
import { bucketName, publicUrl } from './config';

/**
 * Signed content URLs: how a client downloads an object of the private bucket (a screenshot's
 * image_url, a bulk item's content_url) without its API key. The token names the account and the
 * S3 key and carries its expiry; an HMAC-SHA256 over all three, keyed with CONTENT_URL_SECRET,
 * makes it unforgeable. Records sign anew on every read, so a URL handed out is valid 600 s.
 *
 *   token = base64url(JSON {a: accountId, k: s3Key, e: expiry unix seconds[, r: [offset, length],
 *                           t: content type]}) "." base64url(HMAC)
 *
 * With `r`, the token names a byte range of the object (a bulk item inside its batch's pack, see
 * bulk/results.ts): it is served from S3 with a Range GetObject under the item's own content type `t`.
 */
export const CONTENT_URL_TTL_SECONDS = 600;

/** Where a token is redeemed: `GET /v1/content/{token}`. */
export const CONTENT_PATH = '/v1/content/';

/** How long the S3 pre-signed URL a redeemed token redirects to stays valid. */
const REDIRECT_TTL_SECONDS = 60;

export type ContentUrlRefusal = 'unsigned' | 'tampered' | 'expired';

export interface ContentObject {
  accountId: string;
  key: string;
  /** Unix seconds. */
  expiresAt: number;
  /** A part of the object: its bytes offset … offset + length - 1, served as `type`. */
  part?: ObjectPart;
}

/** A byte range of a stored object with its own content type (a bulk item in its batch's pack). */
export interface ObjectPart {
  offset: number;
  length: number;
  type: string;
}

interface TokenPayload {
  a: string;
  k: string;
  e: number;
  r?: [number, number];
  t?: string;
}

function secret(): string {
  const value = process.env.CONTENT_URL_SECRET;
  if (!value) throw new Error('CONTENT_URL_SECRET is not set');
  return value;
}

function mac(payload: string): Buffer {
  return createHmac('sha256', secret()).update(payload).digest();
}

/** A token for one object (or one part of it) of one account, valid CONTENT_URL_TTL_SECONDS from `now`. */
export function signContentToken(
  accountId: string,
  key: string,
  now: number = Date.now(),
  part?: ObjectPart,
): string {
  const body: TokenPayload = {
    a: accountId,
    k: key,
    e: Math.floor(now / 1000) + CONTENT_URL_TTL_SECONDS,
    ...(part ? { r: [part.offset, part.length], t: part.type } : {}),
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${mac(payload).toString('base64url')}`;
}

/** The absolute URL a record hands out, under the API's public base URL. */
export function signedContentUrl(accountId: string, key: string, now?: number, part?: ObjectPart): string {
  return publicUrl(`${CONTENT_PATH}${signContentToken(accountId, key, now, part)}`);
}

function refuse(reason: ContentUrlRefusal, message: string): ApiError {
  return new ApiError('unauthorized', message, { details: { reason } });
}

/**
 * The object a token names, or 401 `unauthorized` with details.reason: `unsigned` (no signature
 * part), `tampered` (signature or payload does not verify) or `expired`.
 */
export function verifyContentToken(token: string, now: number = Date.now()): ContentObject {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot === token.length - 1) {
    throw refuse('unsigned', 'This content URL is not signed. Read the record again for a signed URL.');
  }
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw refuse('tampered', 'The signature of this content URL does not match.');
  }
  let body: TokenPayload;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenPayload;
  } catch {
    throw refuse('tampered', 'The signature of this content URL does not match.');
  }
  if (typeof body.a !== 'string' || typeof body.k !== 'string' || typeof body.e !== 'number') {
    throw refuse('tampered', 'The signature of this content URL does not match.');
  }
  const part = partOf(body);
  if (part === null) throw refuse('tampered', 'The signature of this content URL does not match.');
  if (body.e * 1000 <= now) {
    throw refuse(
      'expired',
      `This content URL expired at ${new Date(body.e * 1000).toISOString()}. Read the record again for a fresh one.`,
    );
  }
  return { accountId: body.a, key: body.k, expiresAt: body.e, ...(part ? { part } : {}) };
}

/** The signed range, undefined for a whole object, null when malformed (never from this signer). */
function partOf(body: TokenPayload): ObjectPart | undefined | null {
  if (body.r === undefined && body.t === undefined) return undefined;
  const [offset, length] = Array.isArray(body.r) && body.r.length === 2 ? body.r : [];
  const whole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
  if (!whole(offset) || !whole(length) || typeof body.t !== 'string') return null;
  return { offset, length, type: body.t };
}

/** A part of an object, read with a Range GetObject: the bytes exactly; 404 when the object is gone. */
export async function readObjectPart(key: string, part: ObjectPart): Promise<Buffer> {
  if (part.length === 0) return Buffer.alloc(0);
  const { Body } = await s3Client()
    .send(
      new GetObjectCommand({
        Bucket: bucketName(),
        Key: key,
        Range: `bytes=${part.offset}-${part.offset + part.length - 1}`,
      }),
    )
    .catch((error: unknown) => {
      // Expired by the bucket's lifecycle rule (or never written): as S3 answers the redirect.
      if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'InvalidRange') {
        throw new ApiError('not_found', 'The stored content this URL names is no longer kept.');
      }
      throw error;
    });
  const bytes = Buffer.from((await Body?.transformToByteArray()) ?? []);
  if (bytes.length !== part.length) {
    throw new Error(`${key}: read ${bytes.length} bytes of a ${part.length}-byte part`);
  }
  return bytes;
}

/** A short-lived S3 pre-signed GET for an object of the bucket: where a redeemed token redirects. */
export async function presignedObjectUrl(key: string): Promise<string> {
  return getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: bucketName(), Key: key }), {
    expiresIn: REDIRECT_TTL_SECONDS,
  });
}
