import { scrapeBody, scrapeRequestFields } from '@webcapture/http';
import { renderedCapture } from '@webcapture/scraping/rendered';
import { type BulkBatchMessage, createBulkJob, quotaUsage } from '@webcapture/service';
import type { APIGatewayProxyStructuredResultV2, SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as screenshotsCreate } from '../functions/screenshots-create';
import { handler as bulkScreenshotsWorker } from '../functions/worker-bulk-screenshots';
import { type ConnectProxy, startConnectProxy } from './fixtures/connect-proxy';
import { RENDER_SCRIPT_TEXT } from './fixtures/render-pages';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { apiEvent, lambdaContext } from './support/lambda-event';

/**
 * `country` on every rendered capture — rendered scrapes, screenshots, bulk screenshots — reaches
 * the renderer, which chains through the proxy PROXY_URLS names for it. The handlers and workers
 * run in this process (where PROXY_URLS is set) against the shared emulators; real Chromium, the
 * fixture site, and a recording CONNECT proxy standing in for the country's egress proxy.
 */

// Real Chromium behind the emulators: slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let site: FixtureSite;
let key: string;
let proxy: ConnectProxy;
const credentials = `Basic ${Buffer.from('de-user:de-pass').toString('base64')}`;

beforeAll(async () => {
  ({ site, key } = await startCaptureTestbed());
  proxy = await startConnectProxy({
    requireAuthorization: credentials,
    names: { 'de-item.test': '127.0.0.1' },
  });
});

afterEach(() => {
  delete process.env.PROXY_URLS;
});

afterAll(async () => {
  await proxy.close();
  await site.close();
});

/** PROXY_URLS with `country` pointing at the recording proxy, with its credentials. */
function proxyFor(country: string) {
  process.env.PROXY_URLS = JSON.stringify({
    [country]: proxy.url.replace('http://', 'http://de-user:de-pass@'),
  });
}

/** The tunnels the proxy opened from `before` on, to the fixture site. */
const tunnelsToSite = (before: number) =>
  proxy.tunnels.slice(before).filter((tunnel) => tunnel.target === `127.0.0.1:${site.port}`);

async function postScreenshot(body: Record<string, unknown>, owner = key) {
  const event = apiEvent('POST', '/v1/screenshots', {
    authorization: `Bearer ${owner}`,
    'content-type': 'application/json',
  });
  event.body = JSON.stringify(body);
  const response = (await screenshotsCreate(event, lambdaContext)) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode, json: JSON.parse(String(response.body)) };
}

describe('country on rendered captures', () => {
  it('a rendered scrape with a country goes through that country’s proxy', async () => {
    proxyFor('DE');
    const before = proxy.tunnels.length;
    const request = scrapeBody.parse({
      url: `${site.url}/render/script-built`,
      country: 'DE',
      wait_until: 'load',
    });
    const { envelope } = await renderedCapture(
      scrapeRequestFields(request),
      'scr_countrytest',
      'acct_countrytest',
    );
    expect(JSON.stringify(envelope)).toContain(RENDER_SCRIPT_TEXT);
    expect(tunnelsToSite(before)).toContainEqual({
      target: `127.0.0.1:${site.port}`,
      authorization: credentials,
    });
  });

  it('POST /v1/screenshots takes country: through the proxy for DE, direct for a country without one', async () => {
    proxyFor('DE');
    const url = `${site.url}/screenshot/colours`;
    const before = proxy.tunnels.length;
    const viaDe = await postScreenshot({ url, country: 'DE', viewport: { width: 200, height: 150 } });
    expect(viaDe.status).toBe(200);
    expect(viaDe.json).toMatchObject({ status: 'completed', width: 200, height: 150 });
    expect(tunnelsToSite(before).length).toBeGreaterThanOrEqual(1);
    const afterDe = proxy.tunnels.length;
    const direct = await postScreenshot({ url, country: 'FR', viewport: { width: 200, height: 150 } });
    expect(direct.status).toBe(200);
    expect(proxy.tunnels).toHaveLength(afterDe);
    const stored = await api(`/v1/screenshots/${direct.json.id}`, { key });
    expect(stored.json).toMatchObject({ status: 'completed' });
  });

  it('the default country (US) uses a US proxy when PROXY_URLS names one, as on the fast path', async () => {
    proxyFor('US');
    const before = proxy.tunnels.length;
    const shot = await postScreenshot({
      url: `${site.url}/screenshot/colours`,
      viewport: { width: 200, height: 150 },
    });
    expect(shot.status).toBe(200);
    expect(tunnelsToSite(before).length).toBeGreaterThanOrEqual(1);
  });

  it('a screenshot whose country proxy is down fails with the fast path’s error, charged nothing', async () => {
    process.env.PROXY_URLS = JSON.stringify({ DE: 'http://127.0.0.1:1' });
    const { key: owner, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const failed = await postScreenshot({ url: `${site.url}/screenshot/colours`, country: 'DE' }, owner);
    expect(failed.status).toBe(500);
    expect(failed.json.error).toMatchObject({
      code: 'internal_error',
      details: { reason: 'connection_refused' },
    });
    expect((await quotaUsage(accountId)).settled_bytes).toBe(0);
  });

  it('a bulk screenshot job uses the job’s country, and an item’s own', async () => {
    proxyFor('DE');
    const { key: owner, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    let messages: BulkBatchMessage[] = [];
    // de-item.test resolves only at the proxy: that item can complete only if it went through it.
    const job = await createBulkJob({
      accountId,
      kind: 'screenshot',
      options: { viewport: { width: 200, height: 150 }, format: 'png', timeout_ms: 20_000, country: 'FR' },
      items: [
        { url: `${site.url}/screenshot/colours` },
        {
          url: `http://de-item.test:${site.port}/screenshot/colours`,
          overrides: { country: 'DE' },
        },
      ],
      webhook: null,
      custom: {},
      send: async (batches) => {
        messages = batches;
      },
    });
    const before = proxy.tunnels.length;
    const event = {
      Records: messages.map((message, i) => ({ messageId: `m${i}`, body: JSON.stringify(message) })),
    } as unknown as SQSEvent;
    expect(await bulkScreenshotsWorker(event)).toEqual({ batchItemFailures: [] });
    const listed = await api(`/v1/bulk/${job.id}/screenshots`, { key: owner });
    expect(listed.json.items.map((item: { status: string }) => item.status)).toEqual([
      'completed',
      'completed',
    ]);
    const asked = new Set(proxy.tunnels.slice(before).map((tunnel) => tunnel.target));
    expect([...asked]).toEqual([`de-item.test:${site.port}`]);
  });
});
