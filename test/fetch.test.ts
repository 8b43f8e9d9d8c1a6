import { quotaUsage } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FIXTURE_JSON, FIXTURE_PNG, type FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';

let site: FixtureSite;
let key: string;

beforeAll(async () => {
  ({ site, key } = await startCaptureTestbed());
});
afterAll(() => site.close());

describe('POST /v1/fetch', () => {
  it('returns the upstream bytes verbatim with X-Fetch-* metadata', async () => {
    const custom = { ticket: 'T-1', note: 'é' };
    const response = await fetch(`${inject('baseUrl')}/v1/fetch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.url}/image.png`, custom }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(FIXTURE_PNG)).toBe(true);
    expect(response.headers.get('x-fetch-status')).toBe('200');
    expect(response.headers.get('x-fetch-id')).toMatch(/^sc_/);
    expect(response.headers.get('x-fetch-final-url')).toBe(`${site.url}/image.png`);
    expect(response.headers.get('x-fetch-content-length')).toBe(String(FIXTURE_PNG.length));
    expect(response.headers.get('x-fetch-retrieved-at')).toMatch(/Z$/);
    expect(
      JSON.parse(Buffer.from(response.headers.get('x-fetch-custom') ?? '', 'base64').toString()),
    ).toEqual(custom);
  });

  it('answers a URL with non-ASCII characters, reporting it percent-encoded in X-Fetch-Url', async () => {
    const { key: own, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    // Fullwidth "localhost" is an internationalized host that maps to localhost, so it resolves here.
    const url = `${site.url.replace('127.0.0.1', 'ｌｏｃａｌｈｏｓｔ')}/json?q=日本 語`;
    const response = await api('/v1/fetch', { key: own, body: { url, cache_ttl: 0 } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(FIXTURE_JSON);
    const encoded = `http://localhost:${site.port}/json?q=%E6%97%A5%E6%9C%AC%20%E8%AA%9E`;
    expect(response.headers.get('x-fetch-url')).toBe(encoded);
    expect(response.headers.get('x-fetch-final-url')).toBe(encoded);
    const usage = await quotaUsage(accountId);
    expect(usage).toMatchObject({ requests: 1, pending_bytes: 0, leases: 0 });
    expect(usage.settled_bytes).toBe(Number(response.headers.get('x-fetch-content-length')));
  });

  it('reports application/octet-stream when the origin sends no Content-Type, as scrape does', async () => {
    const response = await api('/v1/fetch', { key, body: { url: `${site.url}/untyped` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('x-fetch-content-type')).toBe('application/octet-stream');
  });

  it('converts to markdown or html when format is given', async () => {
    const markdown = await api('/v1/fetch', { key, body: { url: `${site.url}/html`, format: 'markdown' } });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(markdown.text).toContain('This page exists so that tests have something real to fetch.');
    const html = await api('/v1/fetch', { key, body: { url: `${site.url}/html`, format: 'html' } });
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.text).toContain('<p>');
    expect(html.text).not.toContain('<script');
  });

  it('refuses format markdown or html on a binary body with 422, and charges nothing', async () => {
    const { key: own, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    // The PNG is cached first, so the refusal is also checked on a cache hit.
    expect((await api('/v1/fetch', { key: own, body: { url: `${site.url}/image.png` } })).status).toBe(200);
    const charged = await quotaUsage(accountId);
    for (const [path, type] of [
      ['/pdf', 'application/pdf'],
      ['/image.png', 'image/png'],
    ]) {
      for (const format of ['markdown', 'html']) {
        const response = await api('/v1/fetch', { key: own, body: { url: `${site.url}${path}`, format } });
        expect(response.status, `${path} ${format}`).toBe(422);
        expect(response.json.error).toMatchObject({
          code: 'validation_error',
          details: { field: 'format', reason: 'unsupported_content_type', content_type: type },
        });
        expect(response.json.error.message).toMatch(/omit format/);
        expect(response.headers.get('x-fetch-content-type')).toBe(type);
      }
    }
    expect(await quotaUsage(accountId)).toMatchObject({
      settled_bytes: charged.settled_bytes,
      requests: charged.requests,
      pending_bytes: 0,
      leases: 0,
    });
  });

  it('answers JSON with stats when markdown_include_stats is set', async () => {
    const response = await api('/v1/fetch', {
      key,
      body: { url: `${site.url}/html`, format: 'markdown', markdown_include_stats: true },
    });
    expect(response.json).toMatchObject({ format: 'markdown', stats: { chars: expect.any(Number) } });
    expect(response.json.content).toContain('something real to fetch');
  });

  it('wraps a non-2xx upstream in the upstream_error envelope with the upstream status', async () => {
    for (const status of [404, 500]) {
      const response = await api('/v1/fetch', { key, body: { url: `${site.url}/status/${status}` } });
      expect(response.status).toBe(status);
      expect(response.json.error).toMatchObject({
        code: 'upstream_error',
        details: { upstream_status: status },
      });
    }
  });

  it('answers 502 upstream_error when the upstream status is not 400–599 (304, 3xx without Location, 999)', async () => {
    for (const status of [304, 300, 999]) {
      const response = await api('/v1/fetch', { key, body: { url: `${site.url}/status/${status}` } });
      expect(response.status, String(status)).toBe(502);
      expect(response.json.error).toMatchObject({
        code: 'upstream_error',
        http_status: 502,
        details: { upstream_status: status },
      });
      expect(response.headers.get('x-fetch-status')).toBe(String(status));
    }
  });

  it('describes the capture in X-Fetch-* headers on an upstream_error answer too', async () => {
    const custom = { ticket: 'T-2' };
    const response = await api('/v1/fetch', {
      key,
      body: { url: `${site.url}/status/404`, custom, cache_ttl: 0 },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-fetch-id')).toMatch(/^sc_/);
    expect(response.headers.get('x-fetch-status')).toBe('404');
    expect(response.headers.get('x-fetch-url')).toBe(`${site.url}/status/404`);
    expect(response.headers.get('x-fetch-final-url')).toBe(`${site.url}/status/404`);
    expect(response.headers.get('x-fetch-content-type')).toBe('text/html');
    expect(response.headers.get('x-fetch-cache')).toBe('bypass');
    expect(response.headers.get('x-fetch-custom')).toBe(
      Buffer.from(JSON.stringify(custom)).toString('base64'),
    );
  });

  it('refuses scrape-only options with 400 validation_error, before field validation', async () => {
    const response = await api('/v1/fetch', {
      key,
      body: { url: `${site.url}/html`, cookies: [], headers: { a: 'b' }, timeout_ms: 'bad' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({
      code: 'validation_error',
      details: {
        fields: [
          {
            field: 'cookies',
            reason: 'not_accepted_here',
            message: expect.stringContaining('POST /v1/scrape'),
          },
          {
            field: 'headers',
            reason: 'not_accepted_here',
            message: expect.stringContaining('POST /v1/scrape'),
          },
        ],
      },
    });
  });

  it('refuses an answer too large for the platform, in the envelope, and bills nothing', async () => {
    const { key: own, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const response = await api('/v1/fetch', {
      key: own,
      body: { url: `${site.url}/huge?mb=7`, cache_ttl: 0 },
    });
    expect(response.status).toBe(500);
    expect(response.json.error).toMatchObject({
      code: 'internal_error',
      details: { reason: 'response_too_large' },
    });
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 0, pending_bytes: 0, leases: 0 });
  });

  it('400 request_too_large above 512 KB', async () => {
    const response = await api('/v1/fetch', {
      key,
      body: { url: `${site.url}/html`, pad: 'x'.repeat(513 * 1024) },
    });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('request_too_large');
  });

  it('cache_ttl 0 skips the read but still writes, so the next default fetch hits', async () => {
    const url = `${site.url}/cache/counter?key=fetch-${Date.now()}`;
    const skipped = await api('/v1/fetch', { key, body: { url, cache_ttl: 0 } });
    expect(skipped.headers.get('x-fetch-cache')).toBe('bypass');
    const again = await api('/v1/fetch', { key, body: { url, cache_ttl: '0' } });
    expect(again.text).not.toBe(skipped.text);
    const cached = await api('/v1/fetch', { key, body: { url } });
    expect(cached.headers.get('x-fetch-cache')).toBe('hit');
    expect(cached.text).toBe(again.text);
  });

  it('caps cache_ttl above 7d instead of refusing it, and still refuses malformed values (422)', async () => {
    const url = `${site.url}/html`;
    expect((await api('/v1/fetch', { key, body: { url, cache_ttl: '30d' } })).status).toBe(200);
    expect((await api(`/v1/fetch?url=${encodeURIComponent(url)}&cache_ttl=999h`, { key })).status).toBe(200);
    for (const cache_ttl of ['0h', '0d']) {
      const response = await api('/v1/fetch', { key, body: { url, cache_ttl } });
      expect(response.headers.get('x-fetch-cache'), cache_ttl).toBe('bypass');
    }
    for (const cache_ttl of ['soon', 7]) {
      const response = await api('/v1/fetch', { key, body: { url, cache_ttl } });
      expect(response.status, String(cache_ttl)).toBe(422);
      expect(response.json.error.details.fields[0].field).toBe('cache_ttl');
    }
  });

  it('never caches a page classified as blocked', async () => {
    await api('/v1/fetch', { key, body: { url: `${site.url}/blocked/cloudflare` } });
    const before = site.hits('/blocked/cloudflare');
    const second = await api('/v1/fetch', { key, body: { url: `${site.url}/blocked/cloudflare` } });
    expect(site.hits('/blocked/cloudflare')).toBe(before + 1);
    expect(second.json.error.details.cache).toBe('blocked');
  });
});

describe('GET /v1/fetch', () => {
  it('takes the same fields as query parameters', async () => {
    const query = new URLSearchParams({ url: `${site.url}/json`, cache_ttl: '0', custom: '{"a":1}' });
    const response = await api(`/v1/fetch?${query}`, { key });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(FIXTURE_JSON);
    expect(response.headers.get('x-fetch-custom')).toBe(Buffer.from('{"a":1}').toString('base64'));
  });

  it('validates query values like body fields (422) and URLs (400)', async () => {
    expect(
      (await api(`/v1/fetch?url=${encodeURIComponent(`${site.url}/json`)}&timeout_ms=5`, { key })).status,
    ).toBe(422);
    expect((await api('/v1/fetch?url=javascript:alert(1)', { key })).json.error.code).toBe('invalid_url');
  });
});
