import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { type ApiRequest, api } from './support/api';
import { startOwnRuntime } from './support/own-runtime';

/**
 * The SSRF guard at request time, in a runtime that refuses private targets as AWS does: localhost
 * names and unresolvable names as `url`, private `webhook_url`s, and the cache in front of it all.
 */
const bootstrapKey = `sk_test_${'Pr1v'.repeat(10)}`;
let baseUrl: string;
let stop: () => Promise<void>;
let site: FixtureSite;
let key: string;

beforeAll(async () => {
  ({ baseUrl, stop } = await startOwnRuntime({
    bootstrapKey,
    env: { KEY_ENVIRONMENT: 'test', ALLOW_PRIVATE_TARGETS: 'false' },
  }));
  site = await startFixtureSite();
  ({ key } = await newAccountWithKey({ planId: 'enterprise' }));
});

afterAll(async () => {
  process.env.ALLOW_PRIVATE_TARGETS = 'false';
  await site?.close();
  await stop?.();
});

const call = (path: string, request: ApiRequest = {}) => api(path, { key, baseUrl, ...request });

/** The capture entry points, each asked for `url`. */
function captureRequests(url: string): Array<[string, () => ReturnType<typeof call>]> {
  return [
    ['POST /v1/scrape', () => call('/v1/scrape', { body: { url } })],
    ['POST /v1/fetch', () => call('/v1/fetch', { body: { url } })],
    ['GET /v1/fetch', () => call(`/v1/fetch?url=${encodeURIComponent(url)}`)],
    ['POST /v1/sitemap', () => call('/v1/sitemap', { body: { url } })],
  ];
}

describe('url', () => {
  it.each([
    ['localhost', 'http://localhost/'],
    ['localhost with a trailing dot', 'http://localhost./'],
    ['a name under localhost', 'http://admin.localhost/'],
    ['a name under localhost with a port and a trailing dot', 'http://metadata.localhost.:8080/x'],
  ])('refuses %s up front: 400 invalid_url private_address', async (_name, url) => {
    for (const [route, send] of captureRequests(url)) {
      const response = await send();
      expect(response.status, route).toBe(400);
      expect(response.json.error, route).toMatchObject({
        code: 'invalid_url',
        details: {
          url: new URL(url).href,
          field: 'url',
          reason: 'private_address',
          setting: 'ALLOW_PRIVATE_TARGETS',
        },
      });
      expect(response.json.error.message, route).toContain('ALLOW_PRIVATE_TARGETS=true');
    }
  });

  it('answers a name that does not exist with 400 invalid_url dns_unresolvable, which is not retried', async () => {
    const url = 'http://no-such-host.invalid/page';
    for (const [route, send] of captureRequests(url)) {
      const response = await send();
      expect(response.status, route).toBe(400);
      expect(response.json.error, route).toMatchObject({
        code: 'invalid_url',
        details: { url, field: 'url', reason: 'dns_unresolvable' },
      });
      expect(response.json.error.message).toContain('no-such-host.invalid');
    }
  });
});

describe('webhook_url', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['cloud metadata', 'https://169.254.169.254/latest'],
    ['private 10/8', 'https://10.1.2.3/hook'],
    ['IPv4-translated loopback', 'https://[::ffff:0:127.0.0.1]/hook'],
    ['a name under localhost', 'https://hooks.localhost/hook'],
  ])(
    'refuses %s at request time: 400 invalid_url, field webhook_url, private_address',
    async (_name, hook) => {
      const response = await call('/v1/scrape', {
        body: { url: `${site.url}/html`, async: true, webhook_url: hook },
      });
      expect(response.status).toBe(400);
      expect(response.json.error).toMatchObject({
        code: 'invalid_url',
        details: { url: new URL(hook).href, field: 'webhook_url', reason: 'private_address' },
      });
    },
  );

  it('refuses a webhook_url whose name does not exist, and queues nothing for refused ones', async () => {
    const response = await call('/v1/scrape', {
      body: { url: `${site.url}/html`, async: true, webhook_url: 'https://hooks.example.invalid/x' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error.details).toMatchObject({ field: 'webhook_url', reason: 'dns_unresolvable' });
    expect((await call('/v1/webhook-deliveries')).json.data).toEqual([]);
  });
});

describe('the cache', () => {
  it('does not serve a capture cached while private targets were allowed once they are not', async () => {
    const url = `${site.url}/cache/counter?key=private-targets`;
    process.env.ALLOW_PRIVATE_TARGETS = 'true';
    try {
      expect((await call('/v1/scrape', { body: { url } })).headers.get('x-cache')).toBe('miss');
      expect((await call('/v1/scrape', { body: { url } })).headers.get('x-cache')).toBe('hit');
    } finally {
      process.env.ALLOW_PRIVATE_TARGETS = 'false';
    }
    const hits = site.hits('/cache/counter');
    for (const [route, send] of captureRequests(url)) {
      const response = await send();
      expect(response.status, route).toBe(400);
      expect(response.json.error.details, route).toMatchObject({ field: 'url', reason: 'private_address' });
      expect(response.text, route).not.toContain('Hit number');
    }
    expect(site.hits('/cache/counter')).toBe(hits);
  });
});
