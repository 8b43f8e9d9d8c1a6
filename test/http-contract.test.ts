import { describe, expect, it } from 'vitest';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function expectEnvelope(response: Awaited<ReturnType<typeof api>>, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.json.status).toBe('failed');
  expect(response.json.error).toMatchObject({ code, http_status: status });
  expect(response.json.error.failed_at).toMatch(ISO);
  expect(typeof response.json.error.message).toBe('string');
  expect(response.text).not.toMatch(/\bat .+\.ts:\d+/); // no stack frames
}

describe('authentication', () => {
  it('401 unauthorized without an Authorization header, and details absent (snake case)', async () => {
    const response = await api('/v1/account');
    expectEnvelope(response, 401, 'unauthorized');
    expect('details' in response.json.error).toBe(false);
  });

  it('401 unauthorized for a malformed header', async () => {
    for (const value of ['Basic abc', 'Bearer', 'Bearer a b', 'sk_test_abc']) {
      expectEnvelope(await api('/v1/account', { headers: { authorization: value } }), 401, 'unauthorized');
    }
  });

  it('401 invalid_api_key for an unknown or ill-formed key', async () => {
    const unknown = `sk_test_${'A'.repeat(40)}`;
    expectEnvelope(await api('/v1/account', { key: unknown }), 401, 'invalid_api_key');
    expectEnvelope(await api('/v1/account', { key: 'not-a-key' }), 401, 'invalid_api_key');
  });

  it('401 unauthorized for a key of the other environment, naming the one this deployment takes', async () => {
    const live = await api('/v1/account', { key: `sk_live_${'A'.repeat(40)}` });
    expectEnvelope(live, 401, 'unauthorized');
    expect(live.json.error.message).toContain('sk_test_');
  });
});

describe('envelope and routing', () => {
  it('404 for an unknown path, with rate headers', async () => {
    const response = await api('/v1/nothing-here');
    expectEnvelope(response, 404, 'not_found');
    expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  });

  it('405 for a known path with a wrong method, naming the allowed ones', async () => {
    const response = await api('/v1/plans', { method: 'DELETE' });
    expectEnvelope(response, 405, 'method_not_allowed');
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('404 envelope for a path parameter with a malformed percent-encoding', async () => {
    const { key } = await newAccountWithKey();
    expectEnvelope(await api('/v1/scrape/%ZZ', { key }), 404, 'not_found');
    expectEnvelope(await api('/v1/account/api-keys/%E0%A4%A', { key, method: 'DELETE' }), 404, 'not_found');
  });

  it("422 for a listing cursor this API did not hand out (another account's, or made up)", async () => {
    const { key } = await newAccountWithKey();
    const other = await newAccountWithKey();
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      forged({ a: 1 }),
      forged({ pk: `ACCT#${other.accountId}`, sk: `KEY#${other.keyId}` }),
      'not base64 json',
    ]) {
      const response = await api(`/v1/account/api-keys?cursor=${encodeURIComponent(cursor)}`, { key });
      expectEnvelope(response, 422, 'validation_error');
      expect(response.json.error.details.field).toBe('cursor');
    }
  });

  it('422 validation_error for malformed JSON', async () => {
    const { key } = await newAccountWithKey();
    const response = await api('/v1/account/api-keys', { key, body: '{"name": ' });
    expectEnvelope(response, 422, 'validation_error');
  });

  it('400 request_too_large for a body over 512 KB, before parsing it', async () => {
    const { key } = await newAccountWithKey();
    const response = await api('/v1/account/api-keys', { key, body: { name: 'x'.repeat(600 * 1024) } });
    expectEnvelope(response, 400, 'request_too_large');
    expect(response.json.error.details.limit_bytes).toBe(512 * 1024);
  });

  it("reports the account's own per-second limit and window on routes that are not metered", async () => {
    const { key } = await newAccountWithKey({ planId: 'standard' });
    for (const response of [
      await api('/v1/account', { key }),
      await api('/v1/usage/by-endpoint?from=nonsense', { key }),
      await api('/v1/fetch', { key, body: { url: 'https://example.com', cookies: [] } }),
    ]) {
      expect(response.headers.get('x-ratelimit-limit')).toBe('10');
      expect(response.headers.get('x-ratelimit-remaining')).toBe('10');
    }
  });

  it('puts X-RateLimit-* on successes and errors alike', async () => {
    const { key } = await newAccountWithKey();
    for (const response of [
      await api('/v1/account', { key }),
      await api('/v1/account'),
      await api('/v1/plans', { method: 'DELETE' }),
    ]) {
      expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 5);
    }
  });
});
