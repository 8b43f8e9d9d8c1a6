import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { bulkAcceptedResponse, bulkJobPageResponse, bulkJobWithItemsResponse } from '@webcapture/http';
import { failDeadBatch, runBulkBatch } from '@webcapture/jobs';
import {
  admit,
  type BulkBatchMessage,
  type BulkItemInput,
  batchKey,
  bucketName,
  CONTENT_URL_TTL_SECONDS,
  createBulkJob,
  dynamoClient,
  jobKey,
  quotaUsage,
  rollback,
  s3Client,
  sendBulkBatches,
  setAccountOverrides,
  signContentToken,
  tableName,
  usageByEndpoint,
} from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { handler as fetchBulkCreate } from '../functions/bulk-create';
import { FIXTURE_JSON, FIXTURE_PDF, FIXTURE_TEXT, type FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { apiEvent, lambdaContext } from './support/lambda-event';
import { until } from './support/until';

let site: FixtureSite;

// Jobs go through DynamoDB Local, the S3 and SQS emulators and the queue worker: slow on a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

beforeAll(async () => {
  ({ site } = await startCaptureTestbed());
});
afterAll(() => site.close());

const today = () => new Date().toISOString().slice(0, 10);

// biome-ignore lint/suspicious/noExplicitAny: job bodies are asserted field by field.
async function allItems(kind: string, id: string, key: string): Promise<any[]> {
  const items = [];
  let cursor: string | null = null;
  do {
    const page = await api(`/v1/${kind}/bulk/${id}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { key });
    expect(page.status).toBe(200);
    expect(bulkJobWithItemsResponse.safeParse(page.json).error?.issues ?? []).toEqual([]);
    items.push(...page.json.items);
    cursor = page.json.next_cursor;
  } while (cursor);
  return items;
}

function finished(kind: string, id: string, key: string) {
  return until(
    () => api(`/v1/${kind}/bulk/${id}?limit=1`, { key }),
    (r) => ['completed', 'failed', 'cancelled'].includes(r.json?.status),
    `bulk job ${id} to finish`,
    { timeoutMs: 120_000, intervalMs: 500 },
  );
}

/** Billed exactly once: the job, its items, the usage rows and the meter all agree. */
/** A content_url's signed payload and its signature. */
function tokenOf(url: string) {
  const [payload, signature] = new URL(url).pathname.slice('/v1/content/'.length).split('.') as [
    string,
    string,
  ];
  return { payload: JSON.parse(Buffer.from(payload, 'base64url').toString()), signature };
}

async function expectBilledOnce(
  accountId: string,
  job: { billed_bytes: number },
  items: { billed_bytes: number; status: string }[],
  endpoint: string,
) {
  const itemSum = items.reduce((sum, item) => sum + item.billed_bytes, 0);
  expect(itemSum).toBe(job.billed_bytes);
  const usage = await usageByEndpoint(accountId, { from: today(), to: today() });
  const row = usage.rows.find((r) => r.endpoint === endpoint);
  expect(row?.billable_bytes).toBe(itemSum);
  expect(row?.requests).toBe(items.filter((item) => item.status === 'completed').length);
  const meter = await quotaUsage(accountId);
  expect(meter.settled_bytes).toBe(itemSum);
  expect(meter.requests).toBe(row?.requests);
}

describe('bulk jobs through the local runtime', () => {
  it('runs a 1,000-URL job to completion, every item billed once', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const urls = Array.from({ length: 1000 }, (_, i) => `${site.url}/html?n=${i}`);
    const created = await api('/v1/scrape/bulk', {
      key,
      body: { urls, cache_ttl: 0, custom: { batch: 'big' } },
    });
    expect(created.status).toBe(202);
    expect(bulkAcceptedResponse.safeParse(created.json).error?.issues ?? []).toEqual([]);
    // The create reads the job back after queueing its batches: a poller may have claimed some already.
    expect(created.json).toMatchObject({ kind: 'scrape', counts: { total: 1000 } });
    expect(['queued', 'running']).toContain(created.json.status);
    expect(created.json.counts.queued + created.json.counts.running).toBe(1000);
    const done = await finished('scrape', created.json.id, key);
    expect(done.json.status).toBe('completed');
    expect(done.json.counts).toEqual({
      total: 1000,
      queued: 0,
      running: 0,
      completed: 1000,
      failed: 0,
      cancelled: 0,
    });
    const items = await allItems('scrape', created.json.id, key);
    expect(items.map((item) => item.index)).toEqual(urls.map((_, i) => i));
    expect(items.every((item) => item.status === 'completed' && item.upstream_status === 200)).toBe(true);
    expect(items.every((item) => item.billed_bytes > 0 && item.content_length === item.billed_bytes)).toBe(
      true,
    );
    await expectBilledOnce(accountId, done.json, items, '/v1/scrape/bulk');
  }, 150_000);

  it('reports invalid URLs per URL, fails upstream errors per item, stores results behind signed content URLs', async () => {
    const { key, accountId: createdAccount } = await newAccountWithKey({ planId: 'enterprise' });
    const apiKey = key;
    // A custom nested deeper than DynamoDB's 32 levels, with a number beyond 2^53: kept as JSON text.
    let deep: Record<string, unknown> = { n: 1e20 };
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const created = await api('/v1/fetch/bulk', {
      key,
      body: {
        custom: deep,
        urls: [
          'ftp://example.com/a',
          'not a url',
          `${site.url}/missing`,
          { url: `${site.url}/json`, custom: { n: 1 } },
        ],
      },
    });
    expect(created.status).toBe(202);
    expect(
      created.json.invalid_urls.map(
        (i: { index: number; error: { code: string; details: { reason: string } } }) => [
          i.index,
          i.error.code,
          i.error.details.reason,
        ],
      ),
    ).toEqual([
      [0, 'invalid_url', 'scheme_unsupported'],
      [1, 'invalid_url', 'malformed'],
    ]);
    const done = await finished('fetch', created.json.id, key);
    expect(done.json.counts).toMatchObject({ total: 4, completed: 1, failed: 3 });
    expect(done.json.custom).toEqual(deep);
    const items = await allItems('fetch', created.json.id, key);
    expect(items[2]).toMatchObject({
      status: 'failed',
      upstream_status: 404,
      billed_bytes: 0,
      error: { code: 'upstream_error' },
    });
    expect(items[3]).toMatchObject({
      status: 'completed',
      upstream_status: 200,
      content_type: 'application/json',
    });
    expect(items[2].content_url).toBeNull();
    // The stored result: the origin's bytes with their content type, through the signed URL.
    const download = await fetch(items[3].content_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await download.json()).toEqual(FIXTURE_JSON);

    // Signed anew on every read, and only by us: a changed signature or an old token is a 401.
    const url = new URL(items[3].content_url);
    const token = url.pathname.slice('/v1/content/'.length);
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const tampered = await api(`/v1/content/${flipped}`);
    expect(tampered.status).toBe(401);
    expect(tampered.json.error).toMatchObject({ code: 'unauthorized', details: { reason: 'tampered' } });
    const { k: objectKey } = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const old = signContentToken(
      createdAccount,
      objectKey,
      Date.now() - (CONTENT_URL_TTL_SECONDS + 1) * 1000,
    );
    const expired = await api(`/v1/content/${old}`);
    expect(expired.status).toBe(401);
    expect(expired.json.error.details.reason).toBe('expired');
    const again = await until(
      () => api(`/v1/fetch/bulk/${created.json.id}?limit=4`, { key: apiKey }),
      (r) => r.json.items[3].content_url !== items[3].content_url,
      'a newly signed content_url',
    );
    expect(again.json.items[3].content_url).toMatch(/\/v1\/content\//);

    const none = await api('/v1/fetch/bulk', { key, body: { urls: ['gopher://x', 'nope'] } });
    expect(none.status).toBe(400);
    expect(none.json.error.code).toBe('invalid_url');
    expect(none.json.error.details.items).toHaveLength(2);
  });

  it("stores a batch's results in one object; each item's content_url serves its own bytes and type", async () => {
    const { key } = await newAccountWithKey();
    const created = await api('/v1/fetch/bulk', {
      key,
      body: { urls: [`${site.url}/json`, `${site.url}/pdf`, `${site.url}/text`] },
    });
    expect(created.status).toBe(202);
    await finished('fetch', created.json.id, key);
    const items = await allItems('fetch', created.json.id, key);
    const payloads = items.map((item) => tokenOf(item.content_url).payload);
    // One pack for the batch, a range of it per item, one after another.
    expect(new Set(payloads.map((p) => p.k)).size).toBe(1);
    expect(payloads.map((p) => p.r)).toEqual([
      [0, JSON.stringify(FIXTURE_JSON).length],
      [JSON.stringify(FIXTURE_JSON).length, FIXTURE_PDF.length],
      [JSON.stringify(FIXTURE_JSON).length + FIXTURE_PDF.length, Buffer.byteLength(FIXTURE_TEXT)],
    ]);
    const expected: [string, RegExp, Buffer][] = [
      ['json', /^application\/json/, Buffer.from(JSON.stringify(FIXTURE_JSON))],
      ['pdf', /^application\/pdf/, FIXTURE_PDF],
      ['text', /^text\/plain/, Buffer.from(FIXTURE_TEXT)],
    ];
    for (const [i, [, type, bytes]] of expected.entries()) {
      const download = await fetch(items[i].content_url, { redirect: 'manual' });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toMatch(type);
      expect(Number(download.headers.get('content-length'))).toBe(bytes.length);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // A range or type changed under the same signature, e.g. widened to the whole pack, is a 401.
    const { signature } = tokenOf(items[0].content_url);
    const wider = { ...payloads[0], r: [0, 1_000_000] };
    const retyped = { ...payloads[0], t: 'text/html' };
    for (const changed of [wider, retyped]) {
      const forged = `${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
      const refused = await api(`/v1/content/${forged}`);
      expect(refused.status).toBe(401);
      expect(refused.json.error).toMatchObject({ code: 'unauthorized', details: { reason: 'tampered' } });
    }
  });

  it('refuses rendering and scrape-only options on bulk fetch with 400, and an http webhook_url', async () => {
    const { key } = await newAccountWithKey();
    for (const extra of [
      { cookies: [] },
      { wait_for_selector: '#x' },
      { headers: { a: 'b' } },
      { formats: ['markdown'] },
    ]) {
      const response = await api('/v1/fetch/bulk', { key, body: { urls: [`${site.url}/html`], ...extra } });
      expect(response.status).toBe(400);
      expect(response.json.error.code).toBe('validation_error');
    }
    const hook = await api('/v1/fetch/bulk', {
      key,
      body: { urls: [`${site.url}/html`], webhook_url: 'http://hooks.example.com' },
    });
    expect(hook.status).toBe(400);
    expect(hook.json.error).toMatchObject({
      code: 'invalid_url',
      details: { field: 'webhook_url', reason: 'scheme_unsupported' },
    });
    const scrapeRender = await api('/v1/scrape/bulk', {
      key,
      body: { urls: [`${site.url}/html`], delay_ms: 100 },
    });
    expect(scrapeRender.status).toBe(400);
  });

  it('writes the captures of a batch to the capture cache together, as POST /v1/fetch would', async () => {
    const { key } = await newAccountWithKey();
    const counter = (name: string) => `${site.url}/cache/counter?key=bulk-cache-${name}-${Date.now()}`;
    const [twice, once] = [counter('twice'), counter('once')];
    const created = await api('/v1/fetch/bulk', { key, body: { urls: [twice, twice, once], cache_ttl: 0 } });
    expect(created.status).toBe(202);
    expect((await finished('fetch', created.json.id, key)).json.counts.completed).toBe(3);
    // One batch: the items ran in order, so the URL given twice was captured as hits 1 and 2, and
    // the cache keeps the later capture, as two writes in a row would.
    const hit = await api('/v1/fetch', { key, body: { url: twice } });
    expect(hit.headers.get('x-fetch-cache')).toBe('hit');
    expect(hit.text).toContain('Hit number 2');
    const other = await api('/v1/fetch', { key, body: { url: once } });
    expect(other.headers.get('x-fetch-cache')).toBe('hit');
    expect(other.text).toContain('Hit number 1');
  });
});

describe('bulk scrape', () => {
  it('stores envelopes and bills markdown items at 1.5 on their own usage row', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const created = await api('/v1/scrape/bulk', {
      key,
      body: {
        urls: [`${site.url}/html?a`, { url: `${site.url}/html?b`, formats: ['rawHtml'], custom: { own: 1 } }],
        formats: ['markdown'],
        cache_ttl: 0,
        // Nothing listens there: the deliveries are recorded and their attempts fail, off the network.
        webhook_url: 'https://127.0.0.1:1/hook',
        events: ['bulk.item.completed', 'bulk.completed'],
        custom: { job: 7 },
      },
    });
    expect(created.status).toBe(202);
    const done = await finished('scrape', created.json.id, key);
    expect(done.json.status).toBe('completed');
    const items = await allItems('scrape', created.json.id, key);
    const [markdown, raw] = items;
    expect(markdown.billed_bytes).toBe(Math.ceil(markdown.content_length * 1.5));
    expect(raw.billed_bytes).toBe(raw.content_length);
    const usage = await usageByEndpoint(accountId, { from: today(), to: today() });
    expect(usage.rows.find((r) => r.endpoint === '/v1/scrape/bulk (markdown)')?.billable_bytes).toBe(
      markdown.billed_bytes,
    );
    expect(usage.rows.find((r) => r.endpoint === '/v1/scrape/bulk')?.billable_bytes).toBe(raw.billed_bytes);
    const envelope = await (await fetch(markdown.content_url)).json();
    expect(envelope).toMatchObject({ statusCode: 200, custom: { job: 7 } });
    expect(typeof envelope.formats.markdown).toBe('string');
    const deliveries = await until(
      () => api('/v1/webhook-deliveries', { key }),
      (r) => r.json?.data?.length >= 3,
      'the bulk webhook deliveries',
    );
    expect(deliveries.json.data.map((d: { event: string }) => d.event).sort()).toEqual([
      'bulk.completed',
      'bulk.item.completed',
      'bulk.item.completed',
    ]);
    // Another kind's route does not show the job.
    expect((await api(`/v1/fetch/bulk/${created.json.id}`, { key })).status).toBe(404);
  });
});

/** A job whose batches the test delivers itself. */
async function jobWithBatches(accountId: string, count: number, path = '/html') {
  let messages: BulkBatchMessage[] = [];
  const items: BulkItemInput[] = Array.from({ length: count }, (_, i) => ({
    url: `${site.url}${path}?k=${i}`,
  }));
  const job = await createBulkJob({
    accountId,
    kind: 'fetch',
    options: {
      format: undefined,
      country: 'US',
      timeout_ms: 10_000,
      cache_ttl: 0,
      custom: {},
      markdown_mode: 'article',
      markdown_query: '',
      markdown_links: 'inline',
      markdown_images: 'inline',
      with_links_summary: false,
      with_images_summary: false,
      markdown_compact: false,
      markdown_filter_images: false,
      markdown_include_media: false,
      markdown_include_warnings: false,
      markdown_include_stats: false,
    },
    items,
    webhook: null,
    custom: {},
    send: async (batches) => {
      messages = batches;
    },
  });
  return { job, messages };
}

describe('exactly once under crashes, redelivery and races', () => {
  it('a worker that throws mid-batch, a duplicate while it holds the lease, a takeover, a crash after commit and a race', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const { job, messages } = await jobWithBatches(accountId, 30);
    const [first, second, third] = messages as [BulkBatchMessage, BulkBatchMessage, BulkBatchMessage];

    // Crash after three items have run: nothing is recorded or billed.
    const crash = new Error('worker died');
    await expect(
      runBulkBatch(first, {
        afterItem: (index) => {
          if (index === 2) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect((await quotaUsage(accountId)).settled_bytes).toBe(0);
    // The redelivered message finds the items held by a live lease: it leaves them and comes back.
    expect(await runBulkBatch(first)).toBe('retry');
    // Once the lease has run out, the next delivery takes the items over and finishes them.
    expect(await runBulkBatch(first, { now: () => Date.now() + 3_600_000 })).toBe('done');

    // Crash after the commit, before the message is acknowledged: the redelivery bills nothing.
    await expect(
      runBulkBatch(second, {
        afterCommit: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const afterSecond = await quotaUsage(accountId);
    expect(await runBulkBatch(second)).toBe('done');
    expect((await quotaUsage(accountId)).settled_bytes).toBe(afterSecond.settled_bytes);

    // Two workers racing on the same message: each item runs once.
    const raced = await Promise.all([runBulkBatch(third), runBulkBatch(third), runBulkBatch(third)]);
    expect(raced.filter((result) => result === 'done').length).toBeGreaterThanOrEqual(1);
    // Those that saw live claims come back and find everything done.
    expect(await runBulkBatch(third)).toBe('done');

    const done = await api(`/v1/fetch/bulk/${job.id}`, { key });
    expect(done.json.status).toBe('completed');
    expect(done.json.counts).toMatchObject({ total: 30, completed: 30, running: 0, queued: 0 });
    await expectBilledOnce(accountId, done.json, done.json.items, '/v1/fetch/bulk');
  });

  it('batches whose messages were dead-lettered fail their items at no charge, and the job still ends', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const { job, messages } = await jobWithBatches(accountId, 30);
    const [first, second, third] = messages as [BulkBatchMessage, BulkBatchMessage, BulkBatchMessage];
    expect(await runBulkBatch(first)).toBe('done');
    // The second batch's worker dies mid-batch on every receive; the third's never got far enough to claim.
    const crash = new Error('worker died');
    await expect(
      runBulkBatch(second, {
        afterItem: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    // While the dead worker's lease lasts, its dead letter waits; after it, the items fail.
    expect(await failDeadBatch(second)).toBe('retry');
    expect(await failDeadBatch(second, { now: () => Date.now() + 3_600_000 })).toBe('done');
    expect(await failDeadBatch(third)).toBe('done');
    // A dead letter delivered again, or the batch's own late message, changes nothing.
    expect(await failDeadBatch(third)).toBe('done');
    expect(await runBulkBatch(third)).toBe('done');

    const done = await api(`/v1/fetch/bulk/${job.id}`, { key });
    expect(done.json.status).toBe('completed');
    expect(done.json.counts).toMatchObject({ total: 30, completed: 10, failed: 20, running: 0, queued: 0 });
    const items = await allItems('fetch', job.id, key);
    const died = items.filter((item) => item.status === 'failed');
    expect(died.map((item) => item.index).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 10),
    );
    for (const item of died) {
      expect(item).toMatchObject({ billed_bytes: 0, content_url: null, error: { code: 'internal_error' } });
    }
    await expectBilledOnce(accountId, done.json, items, '/v1/fetch/bulk');
  });

  it("a worker that outlived its lease writes its own pack: the items point into the takeover's", async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const { job, messages } = await jobWithBatches(accountId, 10, '/json');
    const [message] = messages as [BulkBatchMessage];
    let takeover: Promise<unknown> | undefined;
    // The slow worker, before its pack is written, is overtaken by one that finds its lease expired.
    const slow = await runBulkBatch(message, {
      afterItem: async (index) => {
        if (index !== 9 || takeover) return;
        takeover = runBulkBatch(message, { now: () => Date.now() + 3_600_000 });
        expect(await takeover).toBe('done');
      },
    });
    expect(slow).toBe('done');
    const { Contents } = await s3Client().send(
      new ListObjectsV2Command({ Bucket: bucketName(), Prefix: `bulk/${accountId}/${job.id}/` }),
    );
    // Beside the packs, the job's one-download archive (results.jsonl), built as the job ended.
    const stored = (Contents ?? []).map((object) => object.Key as string);
    expect(stored.filter((name) => name.endsWith('/results.jsonl'))).toHaveLength(1);
    const packs = stored.filter((name) => name.includes('/batch-'));
    expect(packs).toHaveLength(2);
    const items = await allItems('fetch', job.id, key);
    const keys = new Set(items.map((item) => tokenOf(item.content_url).payload.k));
    expect(keys.size).toBe(1);
    expect(packs).toContain([...keys][0]);
    for (const item of items) expect(await (await fetch(item.content_url)).json()).toEqual(FIXTURE_JSON);
    const done = await api(`/v1/fetch/bulk/${job.id}`, { key });
    await expectBilledOnce(accountId, done.json, items, '/v1/fetch/bulk');
  });

  it('the batch whose commit leaves nothing pending ends the job, whether batches commit in turn or at once', async () => {
    const { accountId } = await newAccountWithKey({ planId: 'enterprise' });
    // The job's own record, read without GET (a GET would end a job a worker left running).
    const stored = async (id: string) =>
      (
        await dynamoClient().send(
          new GetCommand({ TableName: tableName(), Key: jobKey(accountId, id), ConsistentRead: true }),
        )
      ).Item;
    const inTurn = await jobWithBatches(accountId, 30);
    const [a, b, c] = inTurn.messages as [BulkBatchMessage, BulkBatchMessage, BulkBatchMessage];
    expect((await stored(inTurn.job.id))?.started_at ?? null).toBeNull();
    expect(await runBulkBatch(a)).toBe('done');
    const started = (await stored(inTurn.job.id))?.started_at;
    expect(started).toEqual(expect.any(String));
    expect(await runBulkBatch(b)).toBe('done');
    // Set by the first claim, kept by the next ones.
    expect(await stored(inTurn.job.id)).toMatchObject({
      status: 'running',
      pending: 10,
      started_at: started,
    });
    expect(await runBulkBatch(c)).toBe('done');
    expect(await stored(inTurn.job.id)).toMatchObject({ status: 'completed', pending: 0, completed: 30 });

    const atOnce = await jobWithBatches(accountId, 50);
    expect(await Promise.all(atOnce.messages.map((message) => runBulkBatch(message)))).toEqual(
      Array(5).fill('done'),
    );
    const ended = await stored(atOnce.job.id);
    expect(ended).toMatchObject({ status: 'completed', pending: 0, completed: 50 });
    expect(ended?.completed_at).toEqual(expect.any(String));
  });

  it('a batch that claims but finds no free slot gives its claim back untouched, and runs once later', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    // Concurrency 2: bulk may hold one slot, taken here by another batch's admission.
    await setAccountOverrides(accountId, { concurrency: 2 });
    const { job, messages } = await jobWithBatches(accountId, 10);
    const [message] = messages as [BulkBatchMessage];
    const other = await admit({ accountId, endpoint: '/v1/fetch/bulk', bulk: true });
    expect(await runBulkBatch(message)).toBe('requeue');
    const batch = await dynamoClient().send(
      new GetCommand({ TableName: tableName(), Key: batchKey(job.id, 0), ConsistentRead: true }),
    );
    expect(batch.Item).toMatchObject({ status: 'queued' });
    expect(batch.Item?.claim).toBeUndefined();
    const waiting = await api(`/v1/fetch/bulk/${job.id}`, { key });
    expect(waiting.json.counts).toMatchObject({ queued: 10, running: 0, completed: 0 });
    expect((await quotaUsage(accountId)).settled_bytes).toBe(0);
    // The slot frees: the requeued message claims the batch afresh and bills it once.
    await rollback(other);
    expect(await runBulkBatch(message)).toBe('done');
    const done = await api(`/v1/fetch/bulk/${job.id}`, { key });
    expect(done.json.status).toBe('completed');
    expect(done.json.counts).toMatchObject({ total: 10, completed: 10, running: 0, queued: 0 });
    await expectBilledOnce(accountId, done.json, done.json.items, '/v1/fetch/bulk');
  });

  it('every message delivered twice through the real queue still runs and bills each item once', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const { job, messages } = await jobWithBatches(accountId, 60);
    await sendBulkBatches([...messages, ...messages]);
    const done = await finished('fetch', job.id, key);
    expect(done.json.counts).toMatchObject({ total: 60, completed: 60 });
    const items = await allItems('fetch', job.id, key);
    await expectBilledOnce(accountId, done.json, items, '/v1/fetch/bulk');
  });
});

describe('cancel and listing', () => {
  it('cancel stops items that have not started, at no charge; GET /v1/bulk?status= filters, newest first', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const { job, messages } = await jobWithBatches(accountId, 30);
    expect(await runBulkBatch(messages[0] as BulkBatchMessage)).toBe('done');
    const billedBefore = (await quotaUsage(accountId)).settled_bytes;
    expect(billedBefore).toBeGreaterThan(0);

    const cancelled = await api(`/v1/bulk/${job.id}`, { key, method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({
      status: 'cancelled',
      counts: { completed: 10, cancelled: 20, queued: 0 },
    });
    // The remaining batches are delivered after the cancel: they run nothing.
    for (const message of messages.slice(1)) expect(await runBulkBatch(message)).toBe('done');
    const items = await allItems('fetch', job.id, key);
    expect(items.filter((item) => item.status === 'cancelled')).toHaveLength(20);
    expect((await quotaUsage(accountId)).settled_bytes).toBe(billedBefore);
    await expectBilledOnce(accountId, cancelled.json, items, '/v1/fetch/bulk');

    // A second, finished job; a third left queued.
    const { job: second, messages: secondBatches } = await jobWithBatches(accountId, 5);
    expect(await runBulkBatch(secondBatches[0] as BulkBatchMessage)).toBe('done');
    const { job: third } = await jobWithBatches(accountId, 3);

    const all = await api('/v1/bulk', { key });
    expect(all.status).toBe(200);
    expect(bulkJobPageResponse.safeParse(all.json).error?.issues ?? []).toEqual([]);
    expect(all.json.data.map((j: { id: string }) => j.id)).toEqual([third.id, second.id, job.id]);
    const byStatus = async (status: string) =>
      until(
        () => api(`/v1/bulk?status=${status}`, { key }),
        (r) => r.json?.data?.length > 0,
        `a ${status} job in the listing`,
      );
    expect((await byStatus('cancelled')).json.data.map((j: { id: string }) => j.id)).toEqual([job.id]);
    expect((await byStatus('completed')).json.data.map((j: { id: string }) => j.id)).toEqual([second.id]);
    expect((await byStatus('queued')).json.data.map((j: { id: string }) => j.id)).toEqual([third.id]);
    const paged = await api('/v1/bulk?limit=2', { key });
    expect(paged.json.data).toHaveLength(2);
    const rest = await api(`/v1/bulk?limit=2&cursor=${paged.json.next_cursor}`, { key });
    expect(rest.json.data.map((j: { id: string }) => j.id)).toEqual([job.id]);
    expect((await api('/v1/bulk?status=paused', { key })).status).toBe(422);
  });
});

describe('bulk body limits', () => {
  const bigBody = (bytes: number) =>
    JSON.stringify({ urls: [`${site.url}/html`], custom: {}, markdown_query: '', pad: 'x'.repeat(bytes) });

  it('refuses a streamed body over 2 MiB and a declared length over 20 MiB before looking at the key', async () => {
    const sends: string[] = [];
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        sends.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'bulkTestCountSends' },
    );
    try {
      const authorization = `Bearer ${inject('bootstrapKey')}`;
      const streamed = apiEvent('POST', '/v1/fetch/bulk', {
        authorization,
        'content-type': 'application/json',
      });
      streamed.body = bigBody(2 * 1024 * 1024 + 10);
      const declared = apiEvent('POST', '/v1/fetch/bulk', {
        authorization,
        'content-type': 'application/json',
        'content-length': String(20 * 1024 * 1024 + 1),
      });
      declared.body = '{}';
      for (const event of [streamed, declared]) {
        const response = (await fetchBulkCreate(event, lambdaContext)) as {
          statusCode: number;
          body: string;
        };
        expect(response.statusCode).toBe(400);
        expect(JSON.parse(response.body).error.code).toBe('request_too_large');
      }
      expect(sends).toEqual([]);
    } finally {
      dynamoClient().middlewareStack.remove('bulkTestCountSends');
    }

    // Through the server: a chunked body without Content-Length, sent with a key that does not exist.
    const body = new TextEncoder().encode(bigBody(2 * 1024 * 1024 + 10));
    const response = await fetch(`${inject('baseUrl')}/v1/fetch/bulk`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_doesnotexist0000000000000000000000',
        'content-type': 'application/json',
      },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(body);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({
      code: 'request_too_large',
      details: { reason: 'streamed_body' },
    });
  });

  it("applies the account's max_bulk_size after the key, and the platform's 6 MB payload limit", async () => {
    const { key } = await newAccountWithKey({ planId: 'standard' });
    const over = await api('/v1/fetch/bulk', { key, body: bigBody(2 * 1024 * 1024 + 10) });
    expect(over.status).toBe(400);
    expect(over.json.error).toMatchObject({
      code: 'request_too_large',
      details: { reason: 'max_bulk_size', limit_bytes: 2 * 1024 * 1024 },
    });
    // Lambda's invocation payload limit: API Gateway answers before any function runs.
    const { key: big } = await newAccountWithKey({ planId: 'enterprise' });
    const huge = await api('/v1/fetch/bulk', { key: big, body: bigBody(7 * 1024 * 1024) });
    expect(huge.status).toBe(413);
  });
});
