import { randomBytes } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import {
  bucketName,
  CONTENT_URL_TTL_SECONDS,
  s3Client,
  signContentToken,
  signedContentUrl,
} from '@webcapture/service';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';

/** One object in the private bucket, and signed URLs for it, redeemed over HTTP. */
describe('signed content URLs: GET /v1/content/{token}', () => {
  const key = `test/content-urls/${randomBytes(6).toString('hex')}.bin`;
  const bytes = randomBytes(4096);

  beforeAll(async () => {
    await s3Client().send(
      new PutObjectCommand({
        Bucket: bucketName(),
        Key: key,
        Body: bytes,
        ContentType: 'application/octet-stream',
      }),
    );
  });

  const refusal = async (token: string) => {
    const response = await api(`/v1/content/${token}`);
    expect(response.status).toBe(401);
    expect(response.json.status).toBe('failed');
    expect(response.json.error.code).toBe('unauthorized');
    return response.json.error.details.reason as string;
  };

  it('redirects a valid URL to the object and the download is the stored bytes', async () => {
    const url = signedContentUrl('acct_test', key);
    const redirect = await fetch(url, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toContain('X-Amz-Signature=');
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves a signed part of the object with its own content type, and refuses a changed range', async () => {
    const part = { offset: 1000, length: 24, type: 'text/plain; charset=utf-8' };
    const url = signedContentUrl('acct_test', key, undefined, part);
    const download = await fetch(url, { redirect: 'manual' });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(part.type);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes.subarray(1000, 1024))).toBe(true);
    const [payload, signature] = signContentToken('acct_test', key, Date.now(), part).split('.') as [
      string,
      string,
    ];
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString());
    for (const changed of [
      { ...body, r: [0, 4096] },
      { ...body, r: undefined },
      { ...body, t: 'text/html' },
    ]) {
      const forged = Buffer.from(JSON.stringify(changed)).toString('base64url');
      expect(await refusal(`${forged}.${signature}`)).toBe('tampered');
    }
  });

  it('answers 404 for a signed part of an object that is no longer kept', async () => {
    const part = { offset: 0, length: 10, type: 'application/json' };
    const gone = await api(`/v1/content/${signContentToken('acct_test', `${key}.gone`, Date.now(), part)}`);
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe('not_found');
  });

  it('answers 401 tampered for a changed signature, key or account', async () => {
    const token = signContentToken('acct_test', key);
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await refusal(`${payload}.${flipped}`)).toBe('tampered');
    const otherKey = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), k: 'cache/other' }),
    ).toString('base64url');
    expect(await refusal(`${otherKey}.${signature}`)).toBe('tampered');
  });

  it('answers 401 unsigned for a token without a signature', async () => {
    const [payload] = signContentToken('acct_test', key).split('.') as [string];
    expect(await refusal(payload)).toBe('unsigned');
    expect(await refusal(`${payload}.`)).toBe('unsigned');
  });

  it(`answers 401 expired ${CONTENT_URL_TTL_SECONDS} s after signing, not before`, async () => {
    const almost = Date.now() - (CONTENT_URL_TTL_SECONDS - 30) * 1000;
    const fresh = await fetch(signedContentUrl('acct_test', key, almost), {
      redirect: 'manual',
    });
    expect(fresh.status).toBe(302);
    const past = Date.now() - (CONTENT_URL_TTL_SECONDS + 1) * 1000;
    expect(await refusal(signContentToken('acct_test', key, past))).toBe('expired');
  });
});
