import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { bucketName, OBJECT_RETENTION, s3Client } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { until } from './support/until';

/**
 * Issue 24's AWS limits, through the local runtime (which applies the same ones): SQS's 256 KiB
 * per message and per SendMessageBatch, Lambda's 6 MB response, DynamoDB's 400 KB item.
 */
let site: FixtureSite;

vi.setConfig({ testTimeout: 180_000 });

beforeAll(async () => {
  ({ site } = await startCaptureTestbed());
});
afterAll(() => site.close());

describe('bulk messages stay under SQS 256 KiB', () => {
  it('runs a 100-item bulk scrape with 3 KB of custom per item to the end', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    // Ten such items were ~31 KB per message and ~310 KB per SendMessageBatch when messages carried them.
    const urls = Array.from({ length: 100 }, (_, i) => ({
      url: `${site.url}/html?custom=${i}`,
      custom: { item: i, note: 'n'.repeat(3000) },
    }));
    const created = await api('/v1/scrape/bulk', { key, body: { urls, cache_ttl: 0 } });
    expect(created.status, created.text).toBe(202);
    const done = await until(
      async () => (await api(`/v1/scrape/bulk/${created.json.id}?limit=100`, { key })).json,
      (job) => job.status !== 'queued' && job.status !== 'running',
      'the job to end',
      { timeoutMs: 150_000, intervalMs: 500 },
    );
    expect(done.status).toBe('completed');
    expect(done.counts).toMatchObject({ total: 100, completed: 100, failed: 0 });
    // Each item's own custom reached its capture (read back from the batch record, not the message).
    const sample = await fetch(done.items[42].content_url);
    expect((await sample.json()).custom).toEqual({ item: 42, note: 'n'.repeat(3000) });
  });
});

describe('results over 4 MiB are answered with a content_url', () => {
  it('answers a 7 MiB page scraped synchronously with a content_url to the full result, on POST and GET', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const scraped = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/huge?mb=7`, formats: ['rawHtml'], cache_ttl: 0, custom: { big: true } },
    });
    expect(scraped.status, scraped.text.slice(0, 500)).toBe(200);
    expect(scraped.text.length).toBeLessThan(64 * 1024);
    expect(scraped.json).toMatchObject({ status: 'success', statusCode: 200, custom: { big: true } });
    expect(scraped.json.formats).toBeUndefined();
    expect(scraped.json.content_url).toMatch(/\/v1\/content\//);
    const whole = await (await fetch(scraped.json.content_url)).json();
    expect(whole.scrapeId).toBe(scraped.json.scrapeId);
    expect(Buffer.byteLength(whole.formats.rawHtml)).toBe(7 * 1024 * 1024);

    // The same record read back later: its result also through a content_url.
    const read = await api(`/v1/scrape/${scraped.json.scrapeId}`, { key });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ status: 'completed', result: { scrapeId: scraped.json.scrapeId } });
    expect(read.json.result.formats).toBeUndefined();
    const again = await (await fetch(read.json.result.content_url)).json();
    expect(Buffer.byteLength(again.formats.rawHtml)).toBe(7 * 1024 * 1024);
  });

  it('still answers a small page inline', async () => {
    const { key } = await newAccountWithKey();
    const scraped = await api('/v1/scrape', { key, body: { url: `${site.url}/html`, cache_ttl: 0 } });
    expect(scraped.status).toBe(200);
    expect(scraped.json.formats.rawHtml).toContain('<html');
    expect(scraped.json.content_url).toBeUndefined();
  });
});

describe('an async scrape with a 450 KB body', () => {
  it('is stored (its request in S3, past DynamoDB 400 KB) and completes', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    // Cookies for another site: set in the browser, never sent to this page.
    const cookies = Array.from({ length: 100 }, (_, i) => ({
      name: `c${i}`,
      value: 'v'.repeat(4000),
      domain: 'elsewhere.example',
      path: `/${'p'.repeat(400)}`,
    }));
    const body = { url: `${site.url}/html`, async: true, cookies, custom: { note: 'c'.repeat(3500) } };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(450_000);
    const queued = await api('/v1/scrape', { key, body });
    expect(queued.status, queued.text).toBe(202);
    const stored = await s3Client().send(
      new ListObjectsV2Command({
        Bucket: bucketName(),
        Prefix: `${OBJECT_RETENTION.jobRequests.prefix}${accountId}/`,
      }),
    );
    expect(stored.Contents?.map((object) => object.Key)).toEqual([
      `${OBJECT_RETENTION.jobRequests.prefix}${accountId}/${queued.json.id}.json`,
    ]);
    const done = await until(
      async () => (await api(`/v1/scrape/${queued.json.id}`, { key })).json,
      (scrape) => scrape.status === 'completed' || scrape.status === 'failed',
      'the async scrape to end',
      { timeoutMs: 150_000, intervalMs: 1000 },
    );
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({ statusCode: 200, custom: { note: 'c'.repeat(3500) } });
  });
});
