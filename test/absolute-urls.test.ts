import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENTS } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type MonitoredPage, type MonitorSite, startMonitorSite } from './fixtures/monitor-site';
import { startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver';
import { newAccountWithKey } from './support/accounts';
import { type ApiResponse, api } from './support/api';
import { until } from './support/until';

/*
 * Every URL a client receives is absolute and points at the service (issue 27: a webhook receiver
 * has no base to resolve a relative path against). One run produces every webhook event family —
 * async scrape, bulk, screenshots, sitemap job, crawl, monitors — and reads every answer that
 * hands out a URL; each `*_url` field of each payload and answer is checked.
 */

vi.setConfig({ testTimeout: 180_000 });

/** Fields naming the service's own resources: absolute, under the runtime's address, on /v1/. */
const SERVICE_URL_FIELDS = [
  'poll_url',
  'result_url',
  'checks_url',
  'content_url',
  'image_url',
  'download_url',
];

/**
 * Events this file does not produce, and why; every other event in WEBHOOK_EVENTS must arrive, so
 * an event added later is covered or named here. Their payloads are built by the same functions as
 * their siblings' (sitemap.failed as sitemap.completed, crawl.cancelled and monitor.error as the
 * other crawl and monitor events).
 */
const NOT_PRODUCED: Record<string, string> = {
  'sitemap.failed':
    'no failing sitemap job is set up here; jobWebhookDelivery builds it as sitemap.completed',
  'crawl.cancelled':
    'a cancel would race the short crawl ending; crawlEventDelivery builds every crawl event',
  'monitor.error': 'needs three error checks in a row; monitorCheckDelivery builds every monitor event',
};
const EVENTS_PRODUCED = WEBHOOK_EVENTS.filter((event) => !(event in NOT_PRODUCED));

const ARTICLE: MonitoredPage = {
  title: 'Absolute URLs',
  paragraphs: [
    'Every address the service hands to a client stands on its own, with its scheme and host, so that a receiver can follow it.',
    'Relative paths need a base, and a webhook receiver has none: the request it answers came from the service, not from the API.',
  ],
};

/** A closed port on this machine: every capture of it fails, quickly. */
const UNREACHABLE = 'http://127.0.0.1:9/down';

let site: MonitorSite;
let receiver: WebhookReceiver;
let key: string;
const answers: Array<{ from: string; body: unknown }> = [];

beforeAll(async () => {
  [site, receiver, { key }] = await Promise.all([
    startMonitorSite(),
    startWebhookReceiver(),
    newAccountWithKey({ planId: 'enterprise' }),
  ]);
});
afterAll(() => Promise.all([site.close(), receiver.close()]));

function page(changes: Partial<MonitoredPage> = {}) {
  const path = `/p/${randomUUID()}`;
  return { path, url: site.set(path, { ...ARTICLE, ...changes }) };
}

/** A request whose answer is kept for the walk. */
async function call(path: string, options: { body?: unknown; method?: string } = {}): Promise<ApiResponse> {
  const response = await api(path, { key, ...options });
  expect(response.status, `${path}: ${response.text}`).toBeLessThan(300);
  answers.push({ from: `${options.method ?? (options.body ? 'POST' : 'GET')} ${path}`, body: response.json });
  return response;
}

/** GETs `path` until its status is terminal, keeping the last answer. */
async function ended(path: string) {
  const final = await until(
    () => api(path, { key }),
    (r) => ['completed', 'failed', 'cancelled'].includes(r.json?.status),
    `${path} to end`,
    { timeoutMs: 120_000, intervalMs: 300 },
  );
  answers.push({ from: `GET ${path}`, body: final.json });
  return final.json;
}

/** Every string under a key ending in `_url`, with where it was found. */
function urlFields(value: unknown, at: string): Array<{ at: string; field: string; url: string }> {
  if (Array.isArray(value)) return value.flatMap((item, i) => urlFields(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, inner]) => [
    ...(name.endsWith('_url') && typeof inner === 'string'
      ? [{ at: `${at}.${name}`, field: name, url: inner }]
      : []),
    ...urlFields(inner, `${at}.${name}`),
  ]);
}

describe('URLs handed to clients', () => {
  it('are absolute and point at the runtime in every webhook payload and every answer', async () => {
    const hook = receiver.endpoint();
    const good = page();

    const scrapes = [
      await call('/v1/scrape', { body: { url: good.url, async: true, webhook_url: hook } }),
      await call('/v1/scrape', { body: { url: UNREACHABLE, async: true, webhook_url: hook } }),
    ];
    const bulk = await call('/v1/scrape/bulk', {
      body: { urls: [good.url, UNREACHABLE], webhook_url: hook },
    });
    const shots = [
      await call('/v1/screenshots?async=true', { body: { url: good.url, webhook_url: hook } }),
      await call('/v1/screenshots?async=true', { body: { url: UNREACHABLE, webhook_url: hook } }),
    ];
    const sitemap = await call('/v1/sitemap', { body: { url: good.url, webhook_url: hook } });
    const crawls = [
      await call('/v1/crawl', { body: { url: good.url, webhook_url: hook } }),
      await call('/v1/crawl', { body: { url: UNREACHABLE, webhook_url: hook } }),
    ];
    const recorded = await call('/v1/scrape', { body: { url: good.url, record: true } });

    const watched = page();
    const monitor = await call('/v1/monitors', {
      body: { url: watched.url, paused: true, webhook_url: hook },
    });
    const checkNow = () => call(`/v1/monitors/${monitor.json.id}/check`, { method: 'POST' });
    await checkNow();
    site.set(watched.path, { ...ARTICLE, paragraphs: [...(ARTICLE.paragraphs ?? []), 'A third paragraph.'] });
    await checkNow();
    site.set(watched.path, { ...ARTICLE, status: 404 });
    await checkNow();
    await call(`/v1/monitors/${monitor.json.id}/checks`);

    for (const scrape of scrapes) await ended(`/v1/scrape/${scrape.json.id}`);
    await ended(`/v1/scrape/bulk/${bulk.json.id}`);
    const results = await until(
      () => api(`/v1/scrape/bulk/${bulk.json.id}/results`, { key }),
      (r) => r.status === 200,
      'the bulk results download',
    );
    answers.push({ from: 'GET bulk results', body: results.json });
    for (const shot of shots) await ended(`/v1/screenshots/${shot.json.id}`);
    await ended(`/v1/sitemap/${sitemap.json.id}`);
    for (const crawl of crawls) await ended(`/v1/crawl/${crawl.json.id}`);
    await call(`/v1/recordings/${recorded.json.recording_id}`);

    const payloads = await until(
      async () => receiver.received(hook),
      (got) => EVENTS_PRODUCED.every((event) => got.some((hit) => hit.headers['x-service-event'] === event)),
      'every event',
      { timeoutMs: 60_000 },
    );

    const base = inject('baseUrl');
    const found = [
      ...answers.flatMap(({ from, body }) => urlFields(body, from)),
      ...payloads.flatMap((hit) => urlFields(JSON.parse(hit.body), hit.headers['x-service-event'] ?? '?')),
    ];
    for (const { at, field, url } of found) {
      // No base argument: a relative URL throws here.
      expect(() => new URL(url), `${at} = ${url}`).not.toThrow();
      if (SERVICE_URL_FIELDS.includes(field)) {
        expect(url.startsWith(`${base}/v1/`), `${at} = ${url} is not under ${base}/v1/`).toBe(true);
      }
    }
    // Not vacuous: each kind of service URL was met; payloads carry results by reference (result_url,
    // checks_url) and a screenshot's record with its image_url.
    const seen = (from: typeof found) => new Set(from.map(({ field }) => field));
    expect([...seen(found)].filter((field) => SERVICE_URL_FIELDS.includes(field)).sort()).toEqual(
      [...SERVICE_URL_FIELDS].sort(),
    );
    const inPayloads = seen(payloads.flatMap((hit) => urlFields(JSON.parse(hit.body), 'payload')));
    expect([...inPayloads].filter((field) => SERVICE_URL_FIELDS.includes(field)).sort()).toEqual([
      'checks_url',
      'image_url',
      'result_url',
    ]);
    // The results download answers with a signed `url` of its own.
    const download = answers.find(({ from }) => from === 'GET bulk results')?.body as { url: string };
    expect(download.url.startsWith(`${base}/v1/content/`)).toBe(true);
  });
});
