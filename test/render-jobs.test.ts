import { randomUUID } from 'node:crypto';
import { crawlWithItemsResponse, monitorCheckResponse, monitorResponse } from '@webcapture/http';
import { runDueMonitorCheck } from '@webcapture/jobs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MonitorSite, startMonitorSite } from './fixtures/monitor-site';
import { RENDER_SCRIPT_TEXT } from './fixtures/render-pages';
import { type FixtureSite, startFixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { makeDue } from './support/monitor-due';
import { until } from './support/until';

/**
 * Crawls and monitors with `rendering`, through the local runtime's crawl-render and
 * monitor-render workers (real Chromium behind the SSRF guard proxy) and check-now's own browser.
 */
vi.setConfig({ testTimeout: 150_000 });

let site: FixtureSite;
let monitored: MonitorSite;
beforeAll(async () => {
  [site, monitored] = await Promise.all([startFixtureSite(), startMonitorSite()]);
});
afterAll(() => Promise.all([site.close(), monitored.close()]));

interface CrawlItem {
  url: string;
  status: string;
  depth: number;
  source: string;
  billed_bytes: number;
  content_url: string | null;
}

describe('POST /v1/crawl with rendering', () => {
  it('follows a link only a script writes, and stores the page a script builds', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const start = `${site.url}/render/script-links`;
    const created = await api('/v1/crawl', {
      key,
      body: { url: start, sitemap: 'skip', formats: ['markdown'], rendering: { waitUntil: 'load' } },
    });
    expect(created.status, created.text).toBe(202);
    const done = await until(
      () => api(`/v1/crawl/${created.json.id}`, { key }),
      (response) => response.json.completed_at !== null,
      'the rendered crawl to end',
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    expect(crawlWithItemsResponse.safeParse(done.json).error?.issues ?? []).toEqual([]);
    expect(done.json.status).toBe('completed');
    const items = done.json.items as CrawlItem[];
    expect(items.map(({ url, status, depth, source }) => ({ url, status, depth, source }))).toEqual(
      expect.arrayContaining([
        { url: start, status: 'completed', depth: 0, source: 'start' },
        { url: `${site.url}/render/script-built`, status: 'completed', depth: 1, source: 'link' },
      ]),
    );
    expect(done.json.counts).toMatchObject({ completed: 2, failed: 0, queued: 0, running: 0 });
    const built = items.find((item) => item.url.endsWith('/render/script-built')) as CrawlItem;
    const envelope = await (await fetch(built.content_url as string)).json();
    expect(envelope.formats.markdown).toContain(RENDER_SCRIPT_TEXT);
    // Billed as a rendered scrape: every byte the browser downloaded, at the markdown factor.
    expect(built.billed_bytes).toBe(Math.ceil(envelope.contentLength * 1.5));
    expect(done.json.billed_bytes).toBe(items.reduce((sum, item) => sum + item.billed_bytes, 0));
  });

  it('takes the scrape rendering fields inside `rendering`, with the errors scrape gives', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const url = `${site.url}/render/script-built`;
    const scrape = await api('/v1/scrape', { key, body: { url, wait_until: 'soon' } });
    const crawl = await api('/v1/crawl', { key, body: { url, rendering: { wait_until: 'soon' } } });
    expect(scrape.status).toBe(422);
    expect(crawl.status).toBe(scrape.status);
    expect(crawl.json.error.code).toBe(scrape.json.error.code);
    const [scrapeField] = scrape.json.error.details.fields;
    expect(crawl.json.error.details.fields).toEqual([
      { ...scrapeField, field: `rendering.${scrapeField.field}` },
    ]);
    const tooLong = await api('/v1/crawl', { key, body: { url, rendering: { delay_ms: 10_001 } } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.error.details.fields[0].field).toBe('rendering.delay_ms');
    // At the top level as on scrape: refused with a pointer to `rendering`; delay_ms stays the host spacing.
    const flat = await api('/v1/crawl', { key, body: { url, wait_for_selector: '#x' } });
    expect(flat.status).toBe(400);
    expect(flat.json.error.code).toBe('validation_error');
    expect(flat.json.error.message).toContain('rendering');
    const spaced = await api('/v1/crawl', { key, body: { url, delay_ms: 100, max_depth: 0 } });
    expect(spaced.status, spaced.text).toBe(202);
  });
});

/** A product page whose description and price only a script writes. */
const scriptBuilt = (price: string) => `<!doctype html><html><head><title>Gadget</title></head><body>
<main id="app"></main>
<script>
document.getElementById('app').innerHTML = '<article><h1>Gadget One</h1><p>The Gadget One folds flat, weighs under a kilogram and runs for a whole day on one charge of its battery.</p><p class="price">Price: ${price}</p></article>';
</script></body></html>`;

describe('monitors with rendering', () => {
  it('compares what the script built: same when unchanged, changed when it changes, on the schedule too', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const path = `/gadget/${randomUUID()}`;
    const url = monitored.set(path, { html: scriptBuilt('$40.00') });
    const created = await api('/v1/monitors', { key, body: { url, rendering: { wait_until: 'load' } } });
    expect(created.status, created.text).toBe(201);
    monitorResponse.parse(created.json);
    expect(created.json.rendering).toEqual({ cookies: [], headers: {}, delay_ms: 0, wait_until: 'load' });
    const id = created.json.id as string;
    const checkNow = async () => {
      const answer = await api(`/v1/monitors/${id}/check`, { key, method: 'POST' });
      expect(answer.status, answer.text).toBe(200);
      return monitorCheckResponse.parse(answer.json);
    };

    const first = await checkNow();
    expect(first.status).toBe('new');
    const snapshot = await (await fetch(first.content_url as string)).text();
    expect(snapshot).toContain('Price: $40.00');
    expect((await checkNow()).status).toBe('same');

    // The scheduled path: the monitor-checks worker hands the check to monitor-render.
    const dueAt = await makeDue(accountId, id);
    await runDueMonitorCheck({ accountId, monitorId: id, dueAt });
    const scheduled = await until(
      () => api(`/v1/monitors/${id}/checks`, { key }),
      (answer) => answer.json.data.length === 3,
      'the scheduled rendered check',
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    expect(scheduled.json.data[0]).toMatchObject({ status: 'same', trigger: 'schedule' });

    monitored.set(path, { html: scriptBuilt('$35.00') });
    const rendersBefore = monitored.requests(path);
    const changed = await checkNow();
    expect(changed.status).toBe('changed');
    expect(monitored.requests(path) - rendersBefore).toBe(2); // confirmed by a second render
    const diff = changed.diff as { format: 'text'; added: string[]; removed: string[] };
    expect(diff.removed.join('\n')).toContain('$40.00');
    expect(diff.added.join('\n')).toContain('$35.00');

    const usage = await api('/v1/usage/by-endpoint', { key });
    const row = usage.json.rows.find((r: { endpoint: string }) => r.endpoint === '/v1/monitors');
    // Six renders (the baseline's two, one per check, and the change's confirmation), each billed
    // as what the browser downloaded.
    expect(row.raw_bytes).toBeGreaterThan(6 * scriptBuilt('$40.00').length);
  });

  it('takes rendering as on scrape, replaces it on PATCH and clears it with null', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const url = monitored.set(`/gadget/${randomUUID()}`, { html: scriptBuilt('$1') });
    const invalid = await api('/v1/monitors', { key, body: { url, rendering: { wait_until: 'soon' } } });
    expect(invalid.status).toBe(422);
    expect(invalid.json.error.details.fields[0].field).toBe('rendering.wait_until');
    const flat = await api('/v1/monitors', { key, body: { url, cookies: [] } });
    expect(flat.status).toBe(400);
    expect(flat.json.error.message).toContain('rendering');
    const created = await api('/v1/monitors', { key, body: { url, paused: true } });
    expect(created.json.rendering).toBeNull();
    const patched = await api(`/v1/monitors/${created.json.id}`, {
      key,
      method: 'PATCH',
      body: { rendering: { waitForSelector: '.price', headers: { 'x-team': 'a' } } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.rendering).toEqual({
      cookies: [],
      headers: { 'x-team': 'a' },
      delay_ms: 0,
      wait_for_selector: '.price',
    });
    const cleared = await api(`/v1/monitors/${created.json.id}`, {
      key,
      method: 'PATCH',
      body: { rendering: null },
    });
    expect(cleared.json.rendering).toBeNull();
  });
});
