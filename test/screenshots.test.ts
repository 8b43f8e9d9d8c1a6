import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { screenshotAcceptedResponse, screenshotRecordResponse } from '@webcapture/http';
import { MAX_FULL_PAGE_HEIGHT } from '@webcapture/render';
import {
  CONTENT_URL_TTL_SECONDS,
  dynamoClient,
  quotaUsage,
  signContentToken,
  tableName,
} from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_COLOURS, SCREENSHOT_PAGES, TARGET_BOX } from './fixtures/screenshot-pages';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api, apiUrl } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { decodePng, download, lossySize, pixelAt } from './support/images';
import { until } from './support/until';

let site: FixtureSite;
let key: string;

beforeAll(async () => {
  ({ site, key } = await startCaptureTestbed());
});
afterAll(() => site.close());

const shoot = (body: unknown, query = '') => api(`/v1/screenshots${query}`, { key, body });

const fieldsOf = (response: { json: { error: { details: { fields: Array<{ field: string }> } } } }) =>
  response.json.error.details.fields.map((f) => f.field);

/** Polls GET /v1/screenshots/{id} until the screenshot has ended. */
const settled = (id: string) =>
  until(
    () => api(`/v1/screenshots/${id}`, { key }),
    (r) => r.json?.status === 'completed' || r.json?.status === 'failed',
    `screenshot ${id} to end`,
    { timeoutMs: 60_000 },
  );

describe('POST /v1/screenshots: refusals before any capture', () => {
  it('answers 422 validation_error naming every bad field', async () => {
    const response = await shoot({
      url: `${site.url}/screenshot/colours`,
      viewport: { width: 10, height: 100_000 },
      format: 'png',
      quality: 50,
      device_scale_factor: 9,
      selector: 'div[',
      wait_for_selector: '<<',
    });
    expect(response.status).toBe(422);
    expect(response.json.error.code).toBe('validation_error');
    expect(fieldsOf(response)).toEqual(
      expect.arrayContaining([
        'viewport.width',
        'viewport.height',
        'device_scale_factor',
        'quality',
        'selector',
        'wait_for_selector',
      ]),
    );
  });

  it('refuses omit_background with jpeg and a selector with full_page', async () => {
    const response = await shoot({
      url: `${site.url}/screenshot/colours`,
      format: 'jpeg',
      omit_background: true,
      selector: '#target',
      full_page: true,
    });
    expect(response.status).toBe(422);
    expect(fieldsOf(response)).toEqual(expect.arrayContaining(['omit_background', 'selector']));
  });

  it('answers 400 request_too_large above 512 KB, and 400 invalid_url for a bad URL or webhook', async () => {
    const big = await shoot({ url: `${site.url}/html`, custom: { pad: 'x'.repeat(600 * 1024) } });
    expect(big.status).toBe(400);
    expect(big.json.error.code).toBe('request_too_large');
    const badUrl = await shoot({ url: 'ftp://example.com/x' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json.error.code).toBe('invalid_url');
    const badHook = await shoot({ url: `${site.url}/html`, webhook_url: 'http://example.com/hook' });
    expect(badHook.status).toBe(400);
    expect(badHook.json.error.details).toMatchObject({ field: 'webhook_url', reason: 'scheme_unsupported' });
  });

  it('answers 404 for an unknown id and 422 for async other than true or false', async () => {
    const missing = await api('/v1/screenshots/ss_nothing', { key });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('not_found');
    const badAsync = await shoot({ url: `${site.url}/html` }, '?async=yes');
    expect(badAsync.status).toBe(422);
    expect(fieldsOf(badAsync)).toEqual(['async']);
  });
});

describe('POST /v1/screenshots?async=true', () => {
  it('answers 202 at once with an ss_ id that GET reads back, with the request custom', async () => {
    // Values a DynamoDB map cannot hold (past 2^53, nested deeper than 32) come back as sent.
    let deep: Record<string, unknown> = { leaf: true };
    for (let depth = 1; depth < 40; depth++) deep = { a: deep };
    const custom = { order: 7, big: 1e20, deep };
    const accepted = await shoot({ url: `${site.url}/screenshot/colours`, custom }, '?async=true');
    expect(accepted.status).toBe(202);
    screenshotAcceptedResponse.parse(accepted.json);
    expect(accepted.json).toMatchObject({ status: 'pending', url: `${site.url}/screenshot/colours` });
    expect(accepted.json.id).toMatch(/^ss_[0-9a-z]{26}$/);
    expect(accepted.json.poll_url).toBe(apiUrl(`/v1/screenshots/${accepted.json.id}`));
    const record = await settled(accepted.json.id);
    screenshotRecordResponse.parse(record.json);
    expect(record.json).toMatchObject({ id: accepted.json.id, format: 'png', custom });
    const other = await api(`/v1/screenshots/${accepted.json.id}`, { key: (await newAccountWithKey()).key });
    expect(other.status).toBe(404);
  });
});

const colours = () => `${site.url}/screenshot/colours`;

/** A synchronous screenshot that must complete, and its image downloaded through image_url. */
async function completed(body: Record<string, unknown>) {
  const response = await shoot(body);
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  screenshotRecordResponse.parse(response.json);
  expect(response.json.status).toBe('completed');
  const image = await download(response.json.image_url);
  expect(image.status).toBe(200);
  expect(image.bytes.length).toBe(response.json.bytes);
  return { record: response.json, image };
}

describe('POST /v1/screenshots: real Chromium on the fixture site', () => {
  it('PNG of the requested viewport, a known colour at known pixels, served by image_url', async () => {
    const { record, image } = await completed({ url: colours(), viewport: { width: 800, height: 600 } });
    expect(record).toMatchObject({ format: 'png', width: 800, height: 600, final_url: colours() });
    expect(image.type).toBe('image/png');
    const png = decodePng(image.bytes);
    expect([png.width, png.height]).toEqual([800, 600]);
    expect(pixelAt(png, 50, 50)).toEqual([...SCREENSHOT_COLOURS.red, 255]);
    expect(pixelAt(png, 225, 125)).toEqual([...SCREENSHOT_COLOURS.blue, 255]);
    expect(pixelAt(png, 700, 500)).toEqual([...SCREENSHOT_COLOURS.white, 255]);
  });

  it('device_scale_factor multiplies the pixel size', async () => {
    const { record, image } = await completed({
      url: colours(),
      viewport: { width: 400, height: 300 },
      device_scale_factor: 2,
    });
    expect([record.width, record.height]).toEqual([800, 600]);
    const png = decodePng(image.bytes);
    expect([png.width, png.height]).toEqual([800, 600]);
    // The blue box spans CSS 200–250 × 100–150, device 400–500 × 200–300.
    expect(pixelAt(png, 450, 250)).toEqual([...SCREENSHOT_COLOURS.blue, 255]);
  });

  it('full_page is the whole page, taller than the viewport', async () => {
    const { record, image } = await completed({
      url: `${site.url}/screenshot/tall`,
      viewport: { width: 800, height: 600 },
      full_page: true,
    });
    expect([record.width, record.height]).toEqual([800, 3000]);
    const png = decodePng(image.bytes);
    expect(png.height).toBe(3000);
    expect(pixelAt(png, 100, 2950)).toEqual([...SCREENSHOT_COLOURS.blue, 255]);
    expect(pixelAt(png, 100, 100)).toEqual([...SCREENSHOT_COLOURS.white, 255]);
  });

  it(`full_page stops ${MAX_FULL_PAGE_HEIGHT} CSS pixels down on an endless page`, async () => {
    const { record } = await completed({
      url: `${site.url}/screenshot/endless`,
      viewport: { width: 400, height: 300 },
      full_page: true,
    });
    expect([record.width, record.height]).toEqual([400, MAX_FULL_PAGE_HEIGHT]);
  });

  it('selector clips the image to the element', async () => {
    const { record, image } = await completed({ url: colours(), selector: '#target' });
    expect([record.width, record.height]).toEqual([TARGET_BOX.width, TARGET_BOX.height]);
    const png = decodePng(image.bytes);
    expect(pixelAt(png, 5, 5)).toEqual([...SCREENSHOT_COLOURS.yellow, 255]);
    expect(pixelAt(png, 60, 40)).toEqual([...SCREENSHOT_COLOURS.green, 255]);
  });

  it('jpeg and webp at the requested size; lower quality makes smaller files', async () => {
    const url = `${site.url}/screenshot/gradient`;
    const viewport = { width: 640, height: 480 };
    const sizes: Record<string, number> = {};
    for (const format of ['jpeg', 'webp'] as const) {
      for (const quality of [10, 95]) {
        const { record, image } = await completed({ url, viewport, format, quality });
        expect(record.format).toBe(format);
        expect(image.type).toBe(`image/${format}`);
        expect(lossySize(image.bytes)).toEqual({ format, width: 640, height: 480 });
        sizes[`${format}${quality}`] = image.bytes.length;
      }
    }
    expect(sizes.jpeg10).toBeLessThan(sizes.jpeg95 as number);
    expect(sizes.webp10).toBeLessThan(sizes.webp95 as number);
  });

  it('omit_background leaves unpainted pixels transparent', async () => {
    const url = `${site.url}/screenshot/transparent`;
    const clear = decodePng((await completed({ url, omit_background: true })).image.bytes);
    expect(pixelAt(clear, 300, 300)[3]).toBe(0);
    expect(pixelAt(clear, 50, 50)).toEqual([...SCREENSHOT_COLOURS.red, 255]);
    const opaque = decodePng((await completed({ url })).image.bytes);
    expect(pixelAt(opaque, 300, 300)).toEqual([...SCREENSHOT_COLOURS.white, 255]);
  });
});

describe('image_url', () => {
  it('is signed anew on every read; tampered or expired answers 401', async () => {
    const { record } = await completed({ url: colours(), viewport: { width: 200, height: 200 } });
    const again = await api(`/v1/screenshots/${record.id}`, { key });
    expect(again.json.image_url).toMatch(/\/v1\/content\//);
    const token = new URL(record.image_url).pathname.split('/').pop() as string;
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.k).toMatch(new RegExp(`^screenshots/.+/${record.id}\\.png$`));

    const swapped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = await api(`/v1/content/${payload}.${swapped}`);
    expect(tampered.status).toBe(401);
    expect(tampered.json.error.details.reason).toBe('tampered');

    const expired = await api(
      `/v1/content/${signContentToken(claims.a, claims.k, Date.now() - (CONTENT_URL_TTL_SECONDS + 1) * 1000)}`,
    );
    expect(expired.status).toBe(401);
    expect(expired.json.error.details.reason).toBe('expired');
  });
});

describe('screenshot metering and events', () => {
  const usageRow = async (accountKey: string) => {
    const usage = await api('/v1/usage/by-endpoint', { key: accountKey });
    return usage.json.rows.find((row: { endpoint: string }) => row.endpoint === '/v1/screenshots');
  };

  it('charges a screenshot once, at the page wire bytes × 1.0 under /v1/screenshots', async () => {
    const account = await newAccountWithKey({ planId: 'enterprise' });
    const response = await api('/v1/screenshots', { key: account.key, body: { url: colours() } });
    expect(response.status).toBe(200);
    const row = await usageRow(account.key);
    expect(row).toMatchObject({ requests: 1, billing_multiplier: 1 });
    expect(row.raw_bytes).toBeGreaterThanOrEqual(Buffer.byteLength(SCREENSHOT_PAGES.colours as string));
    const meter = await quotaUsage(account.accountId);
    expect(meter).toMatchObject({ settled_bytes: row.billable_bytes, pending_bytes: 0, leases: 0 });
  });

  it('a failed capture costs nothing, sync or async, and says why', async () => {
    const account = await newAccountWithKey({ planId: 'enterprise' });
    const unreachable = await api('/v1/screenshots', {
      key: account.key,
      body: { url: 'http://127.0.0.1:1/', timeout_ms: 5000 },
    });
    expect(unreachable.status).toBe(500);
    expect(unreachable.json.error).toMatchObject({
      code: 'internal_error',
      details: { reason: 'unreachable' },
    });

    const missing = await api('/v1/screenshots?async=true', {
      key: account.key,
      body: { url: colours(), selector: '#nothing-here' },
    });
    expect(missing.status).toBe(202);
    const failed = await until(
      () => api(`/v1/screenshots/${missing.json.id}`, { key: account.key }),
      (r) => r.json?.status === 'failed' || r.json?.status === 'completed',
      'the screenshot to fail',
      { timeoutMs: 60_000 },
    );
    expect(failed.json).toMatchObject({
      status: 'failed',
      image_url: null,
      error: { code: 'selector_not_found', http_status: 422, details: { selector: '#nothing-here' } },
    });
    expect(await usageRow(account.key)).toBeUndefined();
    expect(await quotaUsage(account.accountId)).toMatchObject({
      settled_bytes: 0,
      pending_bytes: 0,
      leases: 0,
    });
  });

  it('queues screenshot.completed and screenshot.failed deliveries (the X-Service-Event), echoing custom', async () => {
    const account = await newAccountWithKey({ planId: 'enterprise' });
    const hook = 'https://127.0.0.1:1/screenshots';
    const ok = await api('/v1/screenshots?async=true', {
      key: account.key,
      body: { url: colours(), webhook_url: hook, custom: { ref: 'ok' } },
    });
    const bad = await api('/v1/screenshots?async=true', {
      key: account.key,
      body: { url: colours(), selector: '#absent', webhook_url: hook, custom: { ref: 'bad' } },
    });
    const deliveries = await until(
      () => api('/v1/webhook-deliveries', { key: account.key }),
      (r) => r.json?.data?.length === 2,
      'two webhook deliveries',
      { timeoutMs: 60_000 },
    );
    const byEvent = Object.fromEntries(
      deliveries.json.data.map((d: { event: string; id: string }) => [d.event, d.id]),
    );
    for (const [event, id, ref] of [
      ['screenshot.completed', ok.json.id, 'ok'],
      ['screenshot.failed', bad.json.id, 'bad'],
    ] as const) {
      // The delivery's event is what the webhooks worker sends as X-Service-Event; its body is stored with it.
      const { Item } = await dynamoClient().send(
        new GetCommand({
          TableName: tableName(),
          Key: { pk: `ACCT#${account.accountId}`, sk: `WHD#${byEvent[event]}` },
        }),
      );
      expect(Item?.event).toBe(event);
      const body = JSON.parse(Item?.body as string);
      expect(body).toMatchObject({
        id,
        url: colours(),
        custom: { ref },
        result_url: apiUrl(`/v1/screenshots/${id}`),
      });
      expect(body.data.status).toBe(event === 'screenshot.completed' ? 'completed' : 'failed');
    }
  });
});
