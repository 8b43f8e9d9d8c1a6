import { screenshotAcceptedResponse, screenshotRecordResponse } from '@webcapture/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
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
    });
    expect(response.status).toBe(422);
    expect(response.json.error.code).toBe('validation_error');
    expect(fieldsOf(response)).toEqual(
      expect.arrayContaining(['viewport.width', 'viewport.height', 'device_scale_factor', 'quality']),
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
    const accepted = await shoot(
      { url: `${site.url}/screenshot/colours`, custom: { order: 7 } },
      '?async=true',
    );
    expect(accepted.status).toBe(202);
    screenshotAcceptedResponse.parse(accepted.json);
    expect(accepted.json).toMatchObject({ status: 'pending', url: `${site.url}/screenshot/colours` });
    expect(accepted.json.id).toMatch(/^ss_[0-9a-z]{26}$/);
    expect(accepted.json.poll_url).toBe(`/v1/screenshots/${accepted.json.id}`);
    const record = await settled(accepted.json.id);
    screenshotRecordResponse.parse(record.json);
    expect(record.json).toMatchObject({ id: accepted.json.id, format: 'png', custom: { order: 7 } });
    const other = await api(`/v1/screenshots/${accepted.json.id}`, { key: (await newAccountWithKey()).key });
    expect(other.status).toBe(404);
  });
});
