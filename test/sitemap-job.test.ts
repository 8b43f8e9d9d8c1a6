import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { sitemapAcceptedResponse, sitemapBody, sitemapJobResponse, sitemapResponse } from '@webcapture/http';
import { failDeadSitemapJob, recoverSitemapJob, runSitemapJob } from '@webcapture/jobs';
import {
  claimSitemapJob,
  dynamoClient,
  newId,
  recordSitemapJob,
  SITEMAP_MAX_RECOVERIES,
  sitemapJobKey,
  sweepPendingWebhooks,
  tableName,
  usageByEndpoint,
} from '@webcapture/service';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SitemapSite, startSitemapSite } from './fixtures/sitemap-site';
import { startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver';
import { newAccountWithKey } from './support/accounts';
import { api, apiUrl } from './support/api';
import { download } from './support/images';
import { until } from './support/until';
import { deliveriesOf, expireLease, secretOf, settledDeliveries } from './support/webhook-outbox';

/** POST /v1/sitemap with webhook_url (a map run as a job) through the local runtime (docs/api/sitemap.md). */
vi.setConfig({ testTimeout: 90_000 });

let site: SitemapSite;
let receiver: WebhookReceiver;
const host = 'jobs.localhost';
const page = (path: string) => site.url(host, path);
const SITEMAP = () =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/a', '/b', '/c']
    .map((path) => `<url><loc>${page(path)}</loc></url>`)
    .join('')}</urlset>`;

beforeAll(async () => {
  [site, receiver] = await Promise.all([startSitemapSite(), startWebhookReceiver()]);
  site.define(host, {
    '/robots.txt': `Sitemap: ${page('/sitemap.xml')}\n`,
    '/sitemap.xml': SITEMAP(),
    '/': '<html><body><a href="/d">d</a></body></html>',
  });
});

afterAll(() => Promise.all([site?.close(), receiver?.close()]));

const today = () => new Date().toISOString().slice(0, 10);
const jobOf = (key: string, id: string) => api(`/v1/sitemap/${id}`, { key });
const finished = (key: string, id: string) =>
  until(
    () => jobOf(key, id),
    (job) => job.json.status === 'completed' || job.json.status === 'failed',
    `sitemap job ${id} to end`,
  );

/** A job recorded as POST /v1/sitemap records it, without its queue message: the test runs it. */
async function recordedJob(accountId: string, body: Record<string, unknown>) {
  const id = newId('sm');
  await recordSitemapJob(accountId, id, sitemapBody.parse(body), undefined);
  return { accountId, id };
}

async function ageIndexEntry(accountId: string, id: string, fields = '') {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: sitemapJobKey(accountId, id),
      UpdateExpression: `SET pending_due = :due${fields}`,
      ExpressionAttributeValues: {
        ':due': new Date(Date.now() - 3_600_000).toISOString(),
        ...(fields ? { ':recoveries': SITEMAP_MAX_RECOVERIES } : {}),
      },
    }),
  );
}

describe('POST /v1/sitemap with webhook_url', () => {
  it('answers 202, maps in the worker, signs a content_url, sends sitemap.completed with custom, bills once', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = receiver.endpoint();
    const created = await api('/v1/sitemap', {
      key,
      body: { url: page('/'), webhook_url: target, custom: { run: 7 }, time_budget_ms: 60_000 },
    });
    expect(created.status, created.text).toBe(202);
    expect(sitemapAcceptedResponse.safeParse(created.json).error?.issues ?? []).toEqual([]);
    expect(created.json.poll_url).toMatch(new RegExp(`^http://[^/]+/v1/sitemap/${created.json.id}$`));

    const job = await finished(key, created.json.id);
    expect(job.json.status, job.text).toBe('completed');
    expect(sitemapJobResponse.safeParse(job.json).error?.issues ?? []).toEqual([]);
    const bytes = Buffer.byteLength(SITEMAP());
    expect(job.json.summary).toEqual({ urls: 4, sitemaps: 1, complete: true, billed_bytes: bytes });
    expect(job.json.custom).toEqual({ run: 7 });

    // The full answer is behind the signed URL, as the synchronous 200 would have it.
    const content = await download(job.json.content_url);
    expect(content.status).toBe(200);
    const answer = JSON.parse(content.bytes.toString('utf8'));
    expect(sitemapResponse.safeParse(answer).error?.issues ?? []).toEqual([]);
    expect(answer.urls.map((entry: { url: string }) => entry.url).sort()).toEqual(
      ['/a', '/b', '/c', '/d'].map(page),
    );
    const tampered = `${job.json.content_url.slice(0, -3)}AAA`;
    expect((await download(tampered)).status).toBe(401);

    const [delivery] = await settledDeliveries(key, 1);
    expect(delivery).toMatchObject({ event: 'sitemap.completed', status: 'delivered' });
    const [hook] = receiver.received(target);
    expect(hook?.headers['x-service-event']).toBe('sitemap.completed');
    expect(new Webhook(await secretOf(key)).verify(hook?.body ?? '', hook?.headers ?? {})).toMatchObject({
      id: created.json.id,
      status: 'completed',
      result_url: apiUrl(`/v1/sitemap/${created.json.id}`),
      summary: { urls: 4, complete: true },
      data: { complete: true },
      custom: { run: 7 },
    });

    // Redelivered messages of the finished job change nothing: one webhook, one charge.
    await runSitemapJob({ accountId, id: created.json.id });
    await runSitemapJob({ accountId, id: created.json.id });
    expect(receiver.received(target)).toHaveLength(1);
    const usage = await usageByEndpoint(accountId, { from: today(), to: today() });
    expect(usage.rows).toEqual([
      {
        endpoint: '/v1/sitemap',
        raw_bytes: bytes,
        billing_multiplier: 1,
        billable_bytes: bytes,
        requests: 1,
        credits: 0,
      },
    ]);
  });

  it('honours events: only sitemap.failed asked, a completed map sends nothing', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = receiver.endpoint();
    const created = await api('/v1/sitemap', {
      key,
      body: { url: page('/sitemap.xml'), webhook_url: target, events: ['failed'] },
    });
    expect(created.status).toBe(202);
    expect((await finished(key, created.json.id)).json.status).toBe('completed');
    expect(await deliveriesOf(key)).toEqual([]);
  });

  it("is the caller's own: another account's id is a 404, a malformed id too", async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const other = await newAccountWithKey({ planId: 'enterprise' });
    const created = await api('/v1/sitemap', {
      key,
      body: { url: page('/sitemap.xml'), webhook_url: receiver.endpoint() },
    });
    expect((await jobOf(other.key, created.json.id)).status).toBe(404);
    expect((await jobOf(key, 'sm_nope')).status).toBe(404);
  });

  it('refuses an http webhook_url (400 invalid_url) and a job-sized time budget without a webhook (422)', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const http = await api('/v1/sitemap', {
      key,
      body: { url: page('/'), webhook_url: 'http://hooks.example/x' },
    });
    expect(http.status).toBe(400);
    expect(http.json.error).toMatchObject({
      code: 'invalid_url',
      details: { url: 'http://hooks.example/x', field: 'webhook_url', reason: 'scheme_unsupported' },
    });
    for (const body of [
      { url: page('/'), time_budget_ms: 30_000 },
      { url: page('/'), webhook_url: receiver.endpoint(), time_budget_ms: 90_001 },
      { url: page('/'), webhook_url: receiver.endpoint(), events: ['done'] },
      { url: page('/'), webhook_url: receiver.endpoint(), events: [] },
    ]) {
      const response = await api('/v1/sitemap', { key, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.json.error.code).toBe('validation_error');
    }
    expect(await deliveriesOf(key)).toEqual([]);
  });
});

describe('sitemap jobs survive crashes', () => {
  it('a worker that died mid-map is taken over after its lease and the job ends once', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = receiver.endpoint();
    const message = await recordedJob(accountId, { url: page('/sitemap.xml'), webhook_url: target });
    expect('request' in (await claimSitemapJob(accountId, message.id))).toBe(true);
    // While its lease lasts, a redelivered message leaves the job alone.
    expect(await runSitemapJob(message)).toBe('held');
    expect((await jobOf(key, message.id)).json.status).toBe('processing');
    await expireLease(accountId, `SITEMAP#${message.id}`);
    await Promise.all([runSitemapJob(message), runSitemapJob(message)]);
    expect((await jobOf(key, message.id)).json).toMatchObject({ status: 'completed', summary: { urls: 3 } });
    await settledDeliveries(key, 1);
    expect(receiver.received(target)).toHaveLength(1);
  });

  it('the sweep re-queues a job whose message was lost, and the runtime runs it', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const message = await recordedJob(accountId, {
      url: page('/sitemap.xml'),
      webhook_url: receiver.endpoint(),
    });
    await ageIndexEntry(accountId, message.id);
    const swept = await sweepPendingWebhooks({ graceSeconds: 60, recoverSitemapJob });
    expect(swept.sitemaps).toBeGreaterThanOrEqual(1);
    expect((await finished(key, message.id)).json).toMatchObject({
      status: 'completed',
      summary: { urls: 3 },
    });
  });

  it('past its recoveries, or dead-lettered, a job fails free with sitemap.failed', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = receiver.endpoint();
    const exhausted = await recordedJob(accountId, {
      url: page('/sitemap.xml'),
      webhook_url: target,
      custom: { n: 1 },
    });
    await ageIndexEntry(accountId, exhausted.id, ', recoveries = :recoveries');
    await recoverSitemapJob(exhausted);
    const dead = await recordedJob(accountId, { url: page('/sitemap.xml'), webhook_url: target });
    await failDeadSitemapJob(dead);
    for (const { id } of [exhausted, dead]) {
      expect((await jobOf(key, id)).json).toMatchObject({
        status: 'failed',
        summary: null,
        content_url: null,
        error: { code: 'internal_error', details: { reason: 'worker_died' } },
      });
    }
    const delivered = await settledDeliveries(key, 2);
    expect(delivered.map((d) => d.event)).toEqual(['sitemap.failed', 'sitemap.failed']);
    const secret = await secretOf(key);
    const bodies = receiver
      .received(target)
      .map((hook) => new Webhook(secret).verify(hook.body, hook.headers));
    expect(bodies).toContainEqual(
      expect.objectContaining({ id: exhausted.id, status: 'failed', custom: { n: 1 } }),
    );
    expect((await usageByEndpoint(accountId, { from: today(), to: today() })).rows).toEqual([]);
  });
});
