import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { bulkAcceptedResponse, bulkUploadResponse } from '@webcapture/http';
import { dynamoClient, tableName } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { until } from './support/until';

let site: FixtureSite;

vi.setConfig({ testTimeout: 90_000 });

beforeAll(async () => {
  ({ site } = await startCaptureTestbed());
});
afterAll(() => site.close());

const MiB = 1024 * 1024;

/** Asks for an upload of `body`'s size and PUTs it to the pre-signed URL over a real socket. */
async function upload(key: string, body: string, sizeBytes = Buffer.byteLength(body)) {
  const created = await api('/v1/bulk/uploads', { key, body: { size_bytes: sizeBytes } });
  expect(created.status, created.text).toBe(201);
  expect(bulkUploadResponse.safeParse(created.json).error?.issues ?? []).toEqual([]);
  const put = await fetch(created.json.upload_url, { method: 'PUT', body });
  expect(put.status, await put.text()).toBe(200);
  return created.json.id as string;
}

/** The same body POSTed inline and submitted through an upload: the answers' status and error. */
async function bothWays(key: string, path: string, body: string) {
  const inline = await api(path, { key, body });
  const submitted = await api(path, { key, body: { upload_id: await upload(key, body) } });
  return { inline, submitted };
}

describe('pre-signed bulk uploads', () => {
  it('carry a body above the 6 MB request limit to a 16 MiB account, once', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const urls = [`${site.url}/html?u=1`, `${site.url}/json`, 'ftp://example.com/x'];
    // About 7 MiB: over what API Gateway and the local runtime take in one request.
    const body = `${JSON.stringify({ urls, custom: { via: 'upload' } }).slice(0, -1)}${' '.repeat(7 * MiB)}}`;
    const inline = await api('/v1/fetch/bulk', { key, body });
    expect(inline.status).toBe(413);

    const id = await upload(key, body);
    const submitted = await api('/v1/fetch/bulk', { key, body: { upload_id: id } });
    expect(submitted.status, submitted.text).toBe(202);
    expect(bulkAcceptedResponse.safeParse(submitted.json).error?.issues ?? []).toEqual([]);
    expect(submitted.json).toMatchObject({
      kind: 'fetch',
      counts: { total: 3 },
      custom: { via: 'upload' },
      invalid_urls: [{ index: 2, error: { code: 'invalid_url' } }],
    });
    const done = await until(
      () => api(`/v1/fetch/bulk/${submitted.json.id}`, { key }),
      (r) => ['completed', 'failed'].includes(r.json?.status),
      'the uploaded job to finish',
    );
    expect(done.json.counts).toMatchObject({ completed: 2, failed: 1 });

    // Single use, on every bulk route.
    for (const path of ['/v1/fetch/bulk', '/v1/scrape/bulk', '/v1/bulk']) {
      const again = await api(path, { key, body: { upload_id: id } });
      expect(again.status).toBe(404);
      expect(again.json.error).toMatchObject({ code: 'not_found', details: { reason: 'used' } });
    }
  });

  it("is the caller's own: another account's id is a 404 and stays usable by its owner", async () => {
    const owner = await newAccountWithKey({ planId: 'enterprise' });
    const other = await newAccountWithKey({ planId: 'enterprise' });
    const id = await upload(owner.key, JSON.stringify({ urls: [`${site.url}/html?own`] }));
    const refused = await api('/v1/scrape/bulk', { key: other.key, body: { upload_id: id } });
    expect(refused.status).toBe(404);
    expect(refused.json.error).toMatchObject({ code: 'not_found', details: { reason: 'unknown' } });
    const used = await api('/v1/scrape/bulk', { key: owner.key, body: { upload_id: id } });
    expect(used.status, used.text).toBe(202);
    expect(used.json.kind).toBe('scrape');
  });

  it('answers every validation exactly as for the same body inline', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const url = `${site.url}/html`;
    const cases: [string, string][] = [
      ['/v1/fetch/bulk', JSON.stringify({ urls: [url], cookies: [] })],
      ['/v1/fetch/bulk', JSON.stringify({ urls: [url], webhook_url: 'http://hooks.example.com' })],
      ['/v1/fetch/bulk', JSON.stringify({ urls: [url], timeout_ms: 5 })],
      ['/v1/fetch/bulk', JSON.stringify({ urls: ['nope', 'gopher://x'] })],
      ['/v1/fetch/bulk', '{"urls": ['],
      ['/v1/scrape/bulk', JSON.stringify({ urls: [url], delay_ms: 100 })],
      ['/v1/bulk', JSON.stringify({ urls: [url], format: 'png', quality: 50 })],
      ['/v1/bulk', JSON.stringify({ urls: [] })],
    ];
    for (const [path, body] of cases) {
      const { inline, submitted } = await bothWays(key, path, body);
      expect(inline.status).toBeGreaterThanOrEqual(400);
      expect([submitted.status, submitted.json.error.code]).toEqual([inline.status, inline.json.error.code]);
      expect(submitted.json.error.details).toEqual(inline.json.error.details);
    }
  });

  it("holds the account's max_bulk_size at the request and at the submission", async () => {
    const { key } = await newAccountWithKey({ planId: 'standard' });
    const over = await api('/v1/bulk/uploads', { key, body: { size_bytes: 2 * MiB + 1 } });
    expect(over.status).toBe(400);
    expect(over.json.error).toMatchObject({
      code: 'request_too_large',
      details: { reason: 'max_bulk_size', limit_bytes: 2 * MiB },
    });
    // S3 refuses a PUT whose length differs from the signed one; the emulator checks no V4
    // signature, so this PUT of more bytes lands, and the submission refuses it by its size.
    const body = `${JSON.stringify({ urls: [`${site.url}/html`] }).slice(0, -1)}${' '.repeat(2 * MiB)}}`;
    const id = await upload(key, body, 100);
    const refused = await api('/v1/fetch/bulk', { key, body: { upload_id: id } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: 'request_too_large',
      details: { reason: 'max_bulk_size', limit_bytes: 2 * MiB, received_bytes: Buffer.byteLength(body) },
    });
    for (const size of [0, 1.5, '10']) {
      expect((await api('/v1/bulk/uploads', { key, body: { size_bytes: size } })).status).toBe(422);
    }
  });

  it('refuses a reference with other fields, a malformed, unknown, expired or not yet uploaded id', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const mixed = await api('/v1/fetch/bulk', {
      key,
      body: { upload_id: 'bu_x', urls: [`${site.url}/html`] },
    });
    expect(mixed.status).toBe(422);
    expect(mixed.json.error.details).toMatchObject({ field: 'upload_id', reason: 'upload_reference' });
    const malformed = await api('/v1/fetch/bulk', { key, body: { upload_id: '../bu_x' } });
    expect([malformed.status, malformed.json.error.details.reason]).toEqual([404, 'malformed_id']);
    const unknown = await api('/v1/fetch/bulk', {
      key,
      body: { upload_id: 'bu_01jz0000000000000000000000' },
    });
    expect([unknown.status, unknown.json.error.details.reason]).toEqual([404, 'unknown']);

    // Not PUT yet: 404, and the upload is still there for the PUT and the submission after it.
    const created = await api('/v1/bulk/uploads', { key, body: { size_bytes: 10 } });
    const early = await api('/v1/fetch/bulk', { key, body: { upload_id: created.json.id } });
    expect([early.status, early.json.error.details.reason]).toEqual([404, 'not_uploaded']);
    const body = JSON.stringify({ urls: [`${site.url}/html?late`] });
    const late = await upload(key, body);
    expect((await api('/v1/fetch/bulk', { key, body: { upload_id: late } })).status).toBe(202);

    // An hour after its creation an upload can no longer be submitted.
    const stale = await upload(key, body);
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `ACCT#${accountId}`, sk: `UPLOAD#${stale}` },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const expired = await api('/v1/fetch/bulk', { key, body: { upload_id: stale } });
    expect([expired.status, expired.json.error.details.reason]).toEqual([404, 'unknown']);
  });
});
