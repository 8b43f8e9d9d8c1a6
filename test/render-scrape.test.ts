import { scrapeAcceptedResponse, scrapeRecordResponse } from '@webcapture/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_LATE_TEXT, RENDER_SCRIPT_TEXT, recordedRequests } from './fixtures/render-pages';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api, apiUrl } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { until } from './support/until';

let site: FixtureSite;
let key: string;

beforeAll(async () => {
  ({ site, key } = await startCaptureTestbed());
});
afterAll(() => site.close());

/**
 * Queues a rendered scrape (202) and waits for it to finish; returns GET /v1/scrape/{id}'s body,
 * both answers checked against the response schemas docs/openapi.json is built from.
 */
async function renderedScrape(body: Record<string, unknown>, owner = key) {
  const queued = await api('/v1/scrape', { key: owner, body });
  expect(queued.status).toBe(202);
  expect(queued.json).toMatchObject({ status: 'queued', poll_url: apiUrl(`/v1/scrape/${queued.json.id}`) });
  expect(scrapeAcceptedResponse.safeParse(queued.json).error?.issues ?? []).toEqual([]);
  const done = await until(
    () => api(`/v1/scrape/${queued.json.id}`, { key: owner }),
    (response) => ['completed', 'failed'].includes(response.json.status),
    `rendered scrape ${queued.json.id}`,
    { timeoutMs: 60_000 },
  );
  expect(scrapeRecordResponse.safeParse(done.json).error?.issues ?? []).toEqual([]);
  return done.json;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('POST /v1/scrape with rendering options', () => {
  it('renders a page built by script into markdown and bills what the browser downloaded', async () => {
    const { key: own } = await newAccountWithKey({ planId: 'enterprise' });
    const done = await renderedScrape(
      { url: `${site.url}/render/script-built`, wait_until: 'load', formats: ['markdown', 'rawHtml'] },
      own,
    );
    expect(done.status).toBe('completed');
    const result = done.result;
    expect(result.formats.markdown).toContain(RENDER_SCRIPT_TEXT);
    expect(result.formats.rawHtml).toContain(`<p>${RENDER_SCRIPT_TEXT}</p>`);
    expect(result).toMatchObject({
      status: 'success',
      statusCode: 200,
      contentType: 'text/html',
      finalUrl: `${site.url}/render/script-built`,
    });
    expect(result.contentLength).toBeGreaterThan(0);
    const usage = await api(`/v1/usage/by-endpoint?from=${today()}&to=${today()}`, { key: own });
    expect(usage.json.rows).toEqual([
      {
        endpoint: '/v1/scrape (markdown)',
        raw_bytes: result.contentLength,
        billing_multiplier: 1.5,
        billable_bytes: Math.ceil(result.contentLength * 1.5),
        requests: 1,
        credits: 0,
      },
    ]);
  });

  it('sets cookies and sends headers to the origin', async () => {
    const done = await renderedScrape({
      url: `${site.url}/render/record?key=e2e-cookies`,
      cookies: [{ name: 'session', value: 's3cret' }],
      headers: { 'x-api-test': 'header-value' },
    });
    expect(done.status).toBe('completed');
    const [seen] = recordedRequests('e2e-cookies');
    expect(seen?.headers.cookie).toBe('session=s3cret');
    expect(seen?.headers['x-api-test']).toBe('header-value');
  });

  it('captures what appears later only with wait_for_selector or delay_ms', async () => {
    const url = `${site.url}/render/late?ms=2000`;
    const [plain, selected, delayed] = await Promise.all([
      renderedScrape({ url, wait_until: 'load', formats: ['markdown'] }),
      renderedScrape({ url, wait_for_selector: '#late', formats: ['markdown'] }),
      renderedScrape({ url, delay_ms: 2600, formats: ['markdown'] }),
    ]);
    expect(plain.result.formats.markdown).not.toContain(RENDER_LATE_TEXT);
    expect(selected.result.formats.markdown).toContain(RENDER_LATE_TEXT);
    expect(delayed.result.formats.markdown).toContain(RENDER_LATE_TEXT);
  });

  it('fails naming a selector that never appears, tells the webhook, and charges nothing', async () => {
    const { key: own } = await newAccountWithKey({ planId: 'enterprise' });
    const hook = 'https://127.0.0.1:1/render';
    const done = await renderedScrape(
      {
        url: `${site.url}/html`,
        wait_for_selector: '#never-there',
        timeout_ms: 2000,
        webhook_url: hook,
        custom: { ref: 'r1' },
      },
      own,
    );
    expect(done).toMatchObject({
      status: 'failed',
      error: { code: 'selector_timeout', http_status: 422, details: { selector: '#never-there' } },
    });
    expect(done.error.message).toContain('#never-there');
    const deliveries = (await api('/v1/webhook-deliveries', { key: own })).json.data;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ event: 'scrape.failed', url: hook });
    const usage = await api(`/v1/usage/by-endpoint?from=${today()}&to=${today()}`, { key: own });
    expect(usage.json.totals).toEqual({ raw_bytes: 0, billable_bytes: 0, requests: 0, credits: 0 });
  });

  it('fails a page that sends the browser on to a name that does not resolve, as the fast path does, unbilled', async () => {
    const { key: own } = await newAccountWithKey({ planId: 'enterprise' });
    const to = 'http://no-such-host.invalid/next';
    for (const how of ['meta', 'script']) {
      const done = await renderedScrape(
        { url: `${site.url}/render/navigate?to=${encodeURIComponent(to)}&how=${how}`, delay_ms: 200 },
        own,
      );
      expect(done, how).toMatchObject({
        status: 'failed',
        error: { code: 'invalid_url', details: { url: to, field: 'url', reason: 'dns_unresolvable' } },
      });
    }
    const fastPath = await api('/v1/scrape', { key: own, body: { url: to } });
    expect(fastPath.json.error).toMatchObject({
      code: 'invalid_url',
      details: { reason: 'dns_unresolvable' },
    });
    const usage = await api(`/v1/usage/by-endpoint?from=${today()}&to=${today()}`, { key: own });
    expect(usage.json.totals).toEqual({ raw_bytes: 0, billable_bytes: 0, requests: 0, credits: 0 });
  });

  it('ends a page that never stops loading within timeout_ms', async () => {
    const done = await renderedScrape({
      url: `${site.url}/render/hang`,
      wait_until: 'load',
      timeout_ms: 1500,
    });
    expect(done).toMatchObject({
      status: 'failed',
      error: { code: 'internal_error', details: { reason: 'timeout', timeout_ms: 1500 } },
    });
  });

  it('422 for an invalid wait_for_selector or wait_until, before anything is queued', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, wait_for_selector: '##not a selector[', wait_until: 'never' },
    });
    expect(response.status).toBe(422);
    expect(response.json.error.code).toBe('validation_error');
    const fields = response.json.error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['wait_for_selector', 'wait_until']));
  });
});
