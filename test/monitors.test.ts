import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  monitorCheckPageResponse,
  monitorCheckResponse,
  monitorPageResponse,
  monitorResponse,
} from '@webcapture/http';
import { runDueMonitorCheck } from '@webcapture/jobs';
import {
  claimScheduledCheck,
  dynamoClient,
  monitorKey,
  queueDueMonitorChecks,
  setSubscriptionStatus,
  tableName,
} from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MonitoredPage, type MonitorSite, startMonitorSite } from './fixtures/monitor-site';
import { startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { makeDue } from './support/monitor-due';
import { until } from './support/until';

vi.setConfig({ testTimeout: 60_000 });

let site: MonitorSite;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [site, receiver] = await Promise.all([startMonitorSite(), startWebhookReceiver()]);
});
afterAll(() => Promise.all([site.close(), receiver.close()]));

const ARTICLE: MonitoredPage = {
  title: 'Widget Pro',
  paragraphs: [
    'The Widget Pro is our best widget yet, machined from one block of aluminium and finished by hand in our workshop.',
    'It ships with a two-year warranty, a carrying case and a printed manual in five languages for every buyer.',
  ],
  items: ['Red finish', 'Green finish', 'Blue finish', 'Black finish'],
  price: '$49.00',
};

function page(changes: Partial<MonitoredPage> = {}) {
  const path = `/p/${randomUUID()}`;
  return { path, url: site.set(path, { ...ARTICLE, ...changes }) };
}

async function monitor(key: string, body: Record<string, unknown>) {
  const created = await api('/v1/monitors', { key, body });
  expect(created.status, created.text).toBe(201);
  // Strict: a field added or dropped in the code fails here before it drifts from the OpenAPI.
  monitorResponse.parse(created.json);
  return created.json;
}

async function checkNow(key: string, id: string) {
  const answer = await api(`/v1/monitors/${id}/check`, { key, method: 'POST' });
  expect(answer.status, answer.text).toBe(200);
  monitorCheckResponse.parse(answer.json);
  return answer.json;
}

async function checksOf(key: string, id: string) {
  const answer = await api(`/v1/monitors/${id}/checks`, { key });
  return monitorCheckPageResponse.parse(answer.json);
}

async function record(accountId: string, id: string) {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: monitorKey(accountId, id), ConsistentRead: true }),
  );
  return Item;
}

describe('monitors: the API', () => {
  it('creates, reads, lists by status, pauses, updates and deletes a monitor', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const { url } = page();
    const created = await monitor(key, { url, interval_minutes: 30, paused: true, custom: { team: 'a' } });
    expect(created).toMatchObject({
      url,
      status: 'paused',
      paused: true,
      interval_minutes: 30,
      cron: null,
      target: 'markdown',
      notify_on: ['changed', 'removed', 'error'],
      events: ['monitor.changed', 'monitor.removed', 'monitor.error'],
      custom: { team: 'a' },
      next_check_at: null,
    });
    expect(created.id).toMatch(/^mo_[0-9a-z]{26}$/);
    const active = await monitor(key, { url, cron: '0 9 * * 1', timezone: 'Europe/Paris' });
    expect(active.status).toBe('active');
    expect((await api(`/v1/monitors/${created.id}`, { key })).json).toEqual(created);

    const all = await api('/v1/monitors', { key });
    monitorPageResponse.parse(all.json);
    expect(all.json.data.map((m: { id: string }) => m.id)).toEqual([active.id, created.id]);
    expect(all.json.next_cursor).toBeNull();
    const paused = await api('/v1/monitors?status=paused', { key });
    expect(paused.json.data.map((m: { id: string }) => m.id)).toEqual([created.id]);

    const resumed = await api(`/v1/monitors/${created.id}`, {
      key,
      method: 'PATCH',
      body: { paused: false, cron: '*/15 * * * *' },
    });
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json).toMatchObject({
      status: 'active',
      cron: '*/15 * * * *',
      interval_minutes: null,
      custom: { team: 'a' },
    });
    expect(Date.parse(resumed.json.next_check_at)).toBeLessThanOrEqual(Date.now());

    expect((await api(`/v1/monitors/${created.id}`, { key, method: 'DELETE' })).status).toBe(204);
    expect((await api(`/v1/monitors/${created.id}`, { key })).status).toBe(404);
    expect((await api(`/v1/monitors/${created.id}/checks`, { key })).status).toBe(404);
    expect((await api(`/v1/monitors/${created.id}/check`, { key, method: 'POST' })).status).toBe(404);
  });

  it('refuses what it cannot run: 400 for URLs and rendering options, 422 for fields', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const { url } = page();
    const status = async (body: Record<string, unknown>) => {
      const answer = await api('/v1/monitors', { key, body });
      return [
        answer.status,
        answer.json?.error?.code,
        answer.json?.error?.details?.field ?? answer.json?.error?.details?.reason,
      ];
    };
    expect(await status({ url, webhook_url: 'http://example.com/hook' })).toEqual([
      400,
      'invalid_url',
      'webhook_url',
    ]);
    expect((await status({ url: 'ftp://example.com/' })).slice(0, 2)).toEqual([400, 'invalid_url']);
    // Top-level rendering options: they go inside `rendering` (test/render-jobs.test.ts).
    expect((await status({ url, cookies: [] }))[0]).toBe(400);
    expect(await status({ url, interval_minutes: 1 })).toEqual([422, 'validation_error', 'interval_minutes']);
    expect(await status({ url, cron: '* * * * *' })).toEqual([422, 'validation_error', 'cron']);
    expect(await status({ url, cron: 'every day' })).toEqual([422, 'validation_error', 'cron']);
    expect(await status({ url, cron: '0 9 * * *', timezone: 'Mars/Olympus' })).toEqual([
      422,
      'validation_error',
      'timezone',
    ]);
    expect(await status({ url, interval_minutes: 10, cron: '0 9 * * *' })).toEqual([
      422,
      'validation_error',
      'cron',
    ]);
    expect(await status({ url, ignore: ['(a'] })).toEqual([422, 'validation_error', 'ignore[0]']);
    expect(await status({ url, target: 'schema' })).toEqual([422, 'validation_error', 'schema']);
    expect(await status({ url, notify_on: [{ path: '/price', below: 4 }] })).toEqual([
      422,
      'validation_error',
      'notify_on',
    ]);
    expect((await status({ url, target: 'selector', selector: { include: ['div['] } }))[0]).toBe(422);
    expect((await status({ url, surprise: true }))[0]).toBe(422);
  });

  it("answers 404 for another account's monitor", async () => {
    const owner = await newAccountWithKey({ planId: 'enterprise' });
    const other = await newAccountWithKey({ planId: 'enterprise' });
    const created = await monitor(owner.key, { url: page().url, paused: true });
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/check'],
      ['GET', '/checks'],
    ] as const) {
      const answer = await api(`/v1/monitors/${created.id}${path}`, {
        key: other.key,
        method,
        body: method === 'PATCH' ? { paused: false } : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await api('/v1/monitors/mo_nope', { key: owner.key })).status).toBe(404);
  });
});

describe('monitors: checks', () => {
  it('never fires on noise, fires on a real edit with the old and new text, and serves the snapshot', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const { path, url } = page({ noisy: true });
    const created = await monitor(key, { url, paused: true });
    const first = await checkNow(key, created.id);
    expect(first).toMatchObject({
      status: 'new',
      trigger: 'manual',
      status_code: 200,
      diff: null,
      error: null,
    });
    expect(site.requests(path)).toBe(2); // the baseline is fetched twice
    const snapshot = await fetch(first.content_url);
    expect(snapshot.status).toBe(200);
    expect(await snapshot.text()).toContain('best widget yet');

    for (let i = 0; i < 4; i++) expect((await checkNow(key, created.id)).status).toBe('same');

    site.set(path, {
      ...ARTICLE,
      noisy: true,
      price: '$39.00',
      paragraphs: [...(ARTICLE.paragraphs ?? []), 'New: a matte titanium edition is now available to order.'],
      items: ['Red finish', 'Blue finish', 'Black finish'],
    });
    const changed = await checkNow(key, created.id);
    expect(changed.status).toBe('changed');
    expect(changed.diff.format).toBe('text');
    expect(changed.diff.removed).toEqual(expect.arrayContaining(['Price: $49.00', '- Green finish']));
    expect(changed.diff.added).toEqual(
      expect.arrayContaining(['Price: $39.00', 'New: a matte titanium edition is now available to order.']),
    );
    expect(changed.diff.unified).toContain('-Price: $49.00');
    expect(changed.diff.unified).toContain('+Price: $39.00');
    expect((await checkNow(key, created.id)).status).toBe('same');

    const listed = await checksOf(key, created.id);
    expect(listed.data.map((c: { status: string }) => c.status)).toEqual([
      'same',
      'changed',
      'same',
      'same',
      'same',
      'same',
      'new',
    ]);
    expect(listed.data[0]?.id).toMatch(/^mc_/);
    const paged = await api(`/v1/monitors/${created.id}/checks?limit=2`, { key });
    const next = await api(`/v1/monitors/${created.id}/checks?limit=2&cursor=${paged.json.next_cursor}`, {
      key,
    });
    expect(next.json.data[0].id).toBe(listed.data[2]?.id);
  });

  it('confirms a change with a second fetch: a page flapping between two versions never fires, a real edit does, each check billed once', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const { path, url } = page({ noisy: true });
    const created = await monitor(key, { url, paused: true });
    expect((await checkNow(key, created.id)).status).toBe('new');
    // From now on every other fetch reads one line more: a main-content boundary that flips.
    const boundary = 'Part of the Spring collection, from our workshop in Leeds.';
    const flapping = (changes: Partial<MonitoredPage> = {}) => {
      const steady = { ...ARTICLE, noisy: true, ...changes };
      site.set(path, {
        ...steady,
        alternate: { ...steady, paragraphs: [...(steady.paragraphs ?? []), boundary] },
      });
    };
    flapping();
    const fetchesPerCheck: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = site.requests(path);
      expect((await checkNow(key, created.id)).status).toBe('same');
      fetchesPerCheck.push(site.requests(path) - before);
    }
    // The first read the extra line, the confirmation did not: learnt; later checks need one fetch.
    expect(fetchesPerCheck).toEqual([2, 1, 1, 1]);

    flapping({ price: '$39.00' });
    const before = site.requests(path);
    const changed = await checkNow(key, created.id);
    expect(changed.status).toBe('changed');
    expect(site.requests(path) - before).toBe(2);
    expect(changed.diff.removed).toEqual(['Price: $49.00']);
    expect(changed.diff.added).toEqual(['Price: $39.00']);
    expect(changed.diff.unified).not.toContain('Spring collection');

    // Six checks, six scrapes: the confirmations are free, their bytes counted.
    const usage = await api('/v1/usage/by-endpoint', { key });
    const row = usage.json.rows.find((r: { endpoint: string }) => r.endpoint === '/v1/monitors');
    expect(row.requests).toBe(6);
    expect(row.raw_bytes).toBe(site.bytes(path));
  });

  it('records outages, challenge pages and empty pages as errors and keeps the baseline', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const { path, url } = page();
    const created = await monitor(key, { url, paused: true });
    expect((await checkNow(key, created.id)).status).toBe('new');
    site.set(path, { ...ARTICLE, status: 503 });
    expect((await checkNow(key, created.id)).error).toMatchObject({
      reason: 'http_status',
      status_code: 503,
    });
    site.set(path, {
      html: '<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>',
    });
    expect((await checkNow(key, created.id)).error).toMatchObject({ reason: 'blocked' });
    site.set(path, { html: '<html><body><script>app()</script></body></html>' });
    expect((await checkNow(key, created.id)).error).toMatchObject({ reason: 'empty_page' });
    site.set(path, ARTICLE);
    expect((await checkNow(key, created.id)).status).toBe('same');
  });

  it('calls a page removed only when a second fetch confirms the 404, and sends monitor.removed once', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const { path, url } = page();
    const hook = receiver.endpoint();
    const created = await monitor(key, { url, paused: true, webhook_url: hook });
    await checkNow(key, created.id);
    site.set(path, { ...ARTICLE, status: 404 });
    const before = site.requests(path);
    const removed = await checkNow(key, created.id);
    expect(removed).toMatchObject({ status: 'removed', status_code: 404, error: null });
    expect(site.requests(path) - before).toBe(2);
    expect((await checkNow(key, created.id)).status).toBe('removed');
    const [delivery] = await until(
      async () => receiver.received(hook),
      (got) => got.length > 0,
      'monitor.removed',
    );
    expect(delivery?.headers['x-service-event']).toBe('monitor.removed');
    expect(delivery?.headers['webhook-id']).toMatch(/^wd_/);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      monitor_id: created.id,
      status: 'removed',
      url,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received(hook)).toHaveLength(1);
  });

  it('sends monitor.error only after three errors in a row', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const { path, url } = page();
    const hook = receiver.endpoint();
    const created = await monitor(key, { url, paused: true, webhook_url: hook });
    await checkNow(key, created.id);
    site.set(path, { ...ARTICLE, status: 500 });
    await checkNow(key, created.id);
    await checkNow(key, created.id);
    expect(receiver.received(hook)).toHaveLength(0);
    expect((await api(`/v1/monitors/${created.id}`, { key })).json.consecutive_errors).toBe(2);
    await checkNow(key, created.id);
    const [delivery] = await until(
      async () => receiver.received(hook),
      (got) => got.length > 0,
      'monitor.error',
    );
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ status: 'error', consecutive_errors: 3 });
  });

  it('compares schema data as values and fires a threshold condition when it is crossed', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const product = (price: number, reversed = false) => {
      const fields = {
        '@type': 'Product',
        name: 'Widget Pro',
        offers: { '@type': 'Offer', price, priceCurrency: 'USD' },
      };
      const json = reversed
        ? { offers: fields.offers, name: fields.name, '@type': 'Product', '@context': 'https://schema.org' }
        : { '@context': 'https://schema.org', ...fields };
      return `<html><head><title>Widget</title><script type="application/ld+json">${JSON.stringify(json)}</script></head><body><h1>Widget Pro</h1><p>$${price}</p></body></html>`;
    };
    const path = `/p/${randomUUID()}`;
    const url = site.set(path, { html: product(45) });
    const hook = receiver.endpoint();
    const created = await monitor(key, {
      url,
      paused: true,
      target: 'schema',
      schema: {
        type: 'object',
        properties: { name: { type: 'string' }, price: { type: 'number' } },
        required: ['price'],
      },
      notify_on: [{ path: '/price', below: 40 }],
      webhook_url: hook,
    });
    expect((await checkNow(key, created.id)).status).toBe('new');
    site.set(path, { html: product(45, true) });
    expect((await checkNow(key, created.id)).status).toBe('same');
    site.set(path, { html: product(42) });
    const above = await checkNow(key, created.id);
    expect(above).toMatchObject({ status: 'changed', conditions_met: [] });
    expect(above.diff).toEqual({ format: 'json', patch: [{ op: 'replace', path: '/price', value: 42 }] });
    site.set(path, { html: product(39.5) });
    const below = await checkNow(key, created.id);
    expect(below.conditions_met).toEqual([{ path: '/price', below: 40 }]);
    const got = await until(
      async () => receiver.received(hook),
      (list) => list.length > 0,
      'monitor.changed',
    );
    // notify_on names only the condition: the change to 42 sent nothing.
    expect(got).toHaveLength(1);
    expect(got[0]?.headers['x-service-event']).toBe('monitor.changed');
    expect(JSON.parse(got[0]?.body ?? '{}')).toMatchObject({
      check_id: below.id,
      conditions_met: [{ path: '/price', below: 40 }],
    });
  });

  it('bills each check on the usage row /v1/monitors, and error checks not at all', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const { path, url } = page();
    const created = await monitor(key, { url, paused: true });
    await checkNow(key, created.id);
    await checkNow(key, created.id);
    site.set(path, { ...ARTICLE, status: 500 });
    await checkNow(key, created.id);
    const usage = await api('/v1/usage/by-endpoint', { key });
    const row = usage.json.rows.find((r: { endpoint: string }) => r.endpoint === '/v1/monitors');
    expect(row).toBeDefined();
    // The baseline's two fetches and one more: three pages' bytes, on two billed checks and the free error.
    expect(row.raw_bytes).toBeGreaterThan(3 * 500);
    expect(row.billable_bytes).toBe(row.raw_bytes);
  });
});

describe('monitors: the scheduler', () => {
  it('runs each due monitor once however many sweeps race, and sets the next due time', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const a = await monitor(key, { url: page().url, interval_minutes: 5 });
    const b = await monitor(key, { url: page().url, interval_minutes: 5 });
    await Promise.all([queueDueMonitorChecks(), queueDueMonitorChecks(), queueDueMonitorChecks()]);
    for (const created of [a, b]) {
      await until(
        () => checksOf(key, created.id),
        (page) => page.data.length > 0,
        'the scheduled check',
        { timeoutMs: 45_000 },
      );
    }
    await queueDueMonitorChecks();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const created of [a, b]) {
      const checks = (await checksOf(key, created.id)).data;
      expect(checks).toHaveLength(1);
      expect(checks[0]).toMatchObject({ status: 'new', trigger: 'schedule' });
      const next = Date.parse((await record(accountId, created.id))?.next_check_at);
      expect(next).toBeGreaterThan(Date.now() + 4 * 60_000);
    }
  });

  it('claims one due time once when its messages are delivered side by side', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const created = await monitor(key, { url: page().url, paused: true });
    await api(`/v1/monitors/${created.id}`, { key, method: 'PATCH', body: { paused: false } });
    const dueAt = await makeDue(accountId, created.id);
    const message = { accountId, monitorId: created.id, dueAt };
    await Promise.all([
      runDueMonitorCheck(message),
      runDueMonitorCheck(message),
      runDueMonitorCheck(message),
    ]);
    expect((await checksOf(key, created.id)).data).toHaveLength(1);
  });

  it('takes over a check whose worker died once its lease ran out', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const created = await monitor(key, { url: page().url, paused: true });
    await api(`/v1/monitors/${created.id}`, { key, method: 'PATCH', body: { paused: false } });
    const dueAt = await makeDue(accountId, created.id);
    expect(await claimScheduledCheck(accountId, created.id, dueAt)).toBeDefined(); // the worker then dies
    const lease = (await record(accountId, created.id))?.next_check_at;
    expect(Date.parse(lease)).toBeGreaterThan(Date.now());
    // Its lease runs out: the monitor is due again at the lease's end, when the sweep queues it.
    const expired = await makeDue(accountId, created.id);
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: monitorKey(accountId, created.id),
        UpdateExpression: 'SET claim_until = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1000 },
      }),
    );
    await runDueMonitorCheck({ accountId, monitorId: created.id, dueAt: expired });
    expect((await checksOf(key, created.id)).data.map((c: { status: string }) => c.status)).toEqual(['new']);
    expect((await record(accountId, created.id))?.claim_token).toBeUndefined();
  });

  it('records an error saying why when the account is in billing trouble, and keeps the schedule', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const created = await monitor(key, { url: page().url, paused: true });
    await api(`/v1/monitors/${created.id}`, { key, method: 'PATCH', body: { paused: false } });
    const dueAt = await makeDue(accountId, created.id);
    await setSubscriptionStatus(accountId, 'past_due');
    await runDueMonitorCheck({ accountId, monitorId: created.id, dueAt });
    const [check] = (await checksOf(key, created.id)).data;
    expect(check).toMatchObject({ status: 'error', error: { reason: 'billing_entitlement_impaired' } });
    expect(Date.parse((await record(accountId, created.id))?.next_check_at)).toBeGreaterThan(Date.now());
  });

  it('runs no check after the monitor is deleted', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const created = await monitor(key, { url: page().url, paused: true });
    await api(`/v1/monitors/${created.id}`, { key, method: 'PATCH', body: { paused: false } });
    const dueAt = await makeDue(accountId, created.id);
    expect((await api(`/v1/monitors/${created.id}`, { key, method: 'DELETE' })).status).toBe(204);
    await runDueMonitorCheck({ accountId, monitorId: created.id, dueAt });
    expect(await record(accountId, created.id)).toBeUndefined();
  });
});
