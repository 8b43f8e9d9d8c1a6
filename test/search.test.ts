import { searchResponse } from '@webcapture/http';
import { quotaUsage, SEARCH_CREDIT_COST } from '@webcapture/service';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ProviderStandIn,
  type ProviderStandIns,
  startProviderStandIns,
} from './fixtures/search-providers';
import { type FixtureSite, startFixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { type ApiInstance, startApiInstance } from './support/api-instance';

/*
 * POST /v1/search through the local HTTP server, against stand-ins of the providers (they answer in
 * each provider's documented JSON) and the fixture site (the pages results point at). Each API
 * process here is configured by its environment as a deployment would be; the circuit breakers
 * live in the process, so the breaker test has an API process of its own.
 */

let site: FixtureSite;
let standIns: ProviderStandIns;
let searxng: ProviderStandIn;
let brave: ProviderStandIn;
let serper: ProviderStandIn;
let web: ApiInstance;

function providerEnv(breaker: { failures: number; cooldownSeconds: number }): Record<string, string> {
  return {
    ...standIns.env,
    SEARCH_PROVIDER_TIMEOUT_MS: '1000',
    SEARCH_BREAKER_FAILURES: String(breaker.failures),
    SEARCH_BREAKER_COOLDOWN_SECONDS: String(breaker.cooldownSeconds),
  };
}

beforeAll(async () => {
  [site, standIns] = await Promise.all([startFixtureSite(), startProviderStandIns()]);
  ({ searxng, brave, serper } = standIns);
  // Breaker effectively off here (a 429's Retry-After still opens it): tests of answers, not of skipping.
  web = await startApiInstance(providerEnv({ failures: 1000, cooldownSeconds: 1 }));
});
afterAll(async () => {
  await web?.kill();
  await Promise.all([site?.close(), standIns?.close()]);
});
beforeEach(() => standIns.reset());

async function search(body: unknown, key?: string, baseUrl = web.baseUrl) {
  const caller = key ?? (await newAccountWithKey({ planId: 'enterprise' })).key;
  return api('/v1/search', { key: caller, body, baseUrl });
}

describe('POST /v1/search: results', () => {
  it('answers the SearXNG stand-in’s results in our shape, through the documented request', async () => {
    const response = await search({ query: 'web capture', limit: 2, lang: 'en', time_range: 'month' });
    expect(response.status).toBe(200);
    const body = searchResponse.parse(response.json);
    expect(body).toEqual({
      provider: 'searxng',
      partial: false,
      results: [
        {
          url: 'https://example.com/one',
          title: 'One',
          description: 'The first page',
          position: 1,
          provider: 'searxng',
          published_at: '2026-03-01T10:00:00.000Z',
        },
        {
          url: 'https://example.org/two',
          title: 'Two',
          description: 'The second page',
          position: 2,
          provider: 'searxng',
        },
      ],
    });
    expect(searxng.requests[0]?.query).toMatchObject({
      q: 'web capture',
      format: 'json',
      language: 'en',
      time_range: 'month',
    });
  });

  it('falls back to Brave on a SearXNG 5xx and answers its format', async () => {
    searxng.behave({ status: 502 });
    const response = await search({ query: 'capture', country: 'GB', safe_search: 'off' });
    expect(response.status).toBe(200);
    expect(response.json.provider).toBe('brave');
    expect(response.json.results.map((result: { url: string }) => result.url)).toEqual([
      'https://example.com/one',
      'https://example.org/two',
      'https://example.net/three',
    ]);
    expect(response.json.results[0]).toMatchObject({
      provider: 'brave',
      published_at: '2026-03-01T10:00:00.000Z',
    });
    expect(brave.requests[0]?.headers['x-subscription-token']).toBe('stand-in-brave-key');
    expect(brave.requests[0]?.query).toMatchObject({ country: 'GB', safesearch: 'off' });
  });

  it('falls back on a 429 and on a timeout', { timeout: 60_000 }, async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    searxng.behave({ status: 429, headers: { 'retry-after': '1' } });
    expect((await search({ query: 'capture' }, key)).json.provider).toBe('brave');
    // The 429 opened searxng's circuit for its Retry-After (packages/search/test): let it pass.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    searxng.behave({ delayMs: 5000 });
    brave.behave({ status: 500 });
    const started = Date.now();
    const response = await search({ query: 'capture' }, key);
    expect(response.json.provider).toBe('serper');
    // SEARCH_PROVIDER_TIMEOUT_MS (1 s) for searxng, not the request's 30 s.
    expect(Date.now() - started).toBeLessThan(4000);
    expect(JSON.parse(serper.requests[0]?.body ?? '{}')).toMatchObject({ q: 'capture', num: 5 });
  });

  it('every provider down: 502 upstream_error naming each cause, nothing billed', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    searxng.behave({ enginesDown: true });
    brave.behave({ status: 503 });
    serper.behave({ status: 500 });
    const response = await search({ query: 'capture' }, key);
    expect(response.status).toBe(502);
    expect(response.json.status).toBe('failed');
    expect(response.json.error).toMatchObject({ code: 'upstream_error', http_status: 502 });
    expect(response.json.error.message).toContain(
      'searxng answered no results and its engines did not respond',
    );
    expect(response.json.error.details).toMatchObject({
      retryable: true,
      providers: [
        { provider: 'searxng', reason: 'no_results_engines_down' },
        { provider: 'brave', reason: 'unavailable', status: 503 },
        { provider: 'serper', reason: 'unavailable', status: 500 },
      ],
    });
    expect(response.text).not.toContain('at ');
    expect(await quotaUsage(accountId)).toMatchObject({
      credits: 0,
      settled_bytes: 0,
      pending_bytes: 0,
      leases: 0,
    });
  });

  it('deduplicates by normalised URL and restricts to the site', async () => {
    searxng.behave({
      results: [
        { url: 'https://www.example.com/a/?utm_source=feed', title: 'A', description: 'a' },
        { url: 'http://example.com/a#section', title: 'A again', description: 'a' },
        { url: 'https://blog.example.com/b', title: 'B', description: 'b' },
        { url: 'https://elsewhere.org/c', title: 'C', description: 'c' },
      ],
    });
    const response = await search({ query: 'capture', site: 'example.com', limit: 10 });
    expect(response.status).toBe(200);
    expect(
      response.json.results.map((result: { title: string; position: number }) => [
        result.position,
        result.title,
      ]),
    ).toEqual([
      [1, 'A'],
      [2, 'B'],
    ]);
    expect(searxng.requests[0]?.query.q).toBe('capture site:example.com');
  });
});

describe('POST /v1/search: scraping the results', () => {
  it('scrapes every result through the scrape pipeline; bills 1 credit plus each scrape on its own rows', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    searxng.behave({
      results: [
        { url: `${site.url}/html`, title: 'Article', description: 'the article page' },
        { url: `${site.url}/pages/product-ghostwares`, title: 'Mug', description: 'a product' },
      ],
    });
    const response = await search(
      { query: 'mug', scrape: { formats: ['markdown', 'links'], cache_ttl: 0 } },
      key,
    );
    expect(response.status).toBe(200);
    const body = searchResponse.parse(response.json);
    expect(body.partial).toBe(false);
    const [article, product] = body.results;
    expect(article).toMatchObject({
      url: `${site.url}/html`,
      position: 1,
      statusCode: 200,
      finalUrl: `${site.url}/html`,
    });
    expect(article?.scrapeId).toMatch(/^sc_/);
    expect(article?.formats?.markdown).toContain('something real to fetch');
    expect(Array.isArray(article?.formats?.links)).toBe(true);
    expect(product?.formats?.markdown?.toLowerCase()).toContain('white speckle mug');
    expect(product?.error).toBeUndefined();

    const wireBytes = (article?.contentLength ?? 0) + (product?.contentLength ?? 0);
    expect(await quotaUsage(accountId)).toMatchObject({
      credits: SEARCH_CREDIT_COST,
      settled_bytes:
        Math.ceil((article?.contentLength ?? 0) * 1.5) + Math.ceil((product?.contentLength ?? 0) * 1.5),
      requests: 3,
      pending_bytes: 0,
      leases: 0,
    });
    const usage = await api('/v1/usage/by-endpoint', { key });
    expect(usage.json.rows).toEqual([
      {
        endpoint: '/v1/search (scrape, markdown)',
        raw_bytes: wireBytes,
        billing_multiplier: expect.closeTo(1.5, 3),
        billable_bytes:
          Math.ceil((article?.contentLength ?? 0) * 1.5) + Math.ceil((product?.contentLength ?? 0) * 1.5),
        requests: 2,
        credits: 0,
      },
    ]);
    // The search's own row has no bytes (left out of rows, spec); its credit is in the totals.
    expect(usage.json.totals).toMatchObject({
      requests: 3,
      credits: SEARCH_CREDIT_COST,
      raw_bytes: wireBytes,
    });
  });

  it('answers by timeout_ms: a slow page keeps its search fields plus an error, partial: true', async () => {
    searxng.behave({
      results: [
        { url: `${site.url}/slow?ms=20000`, title: 'Slow', description: 'takes 20 s' },
        { url: `${site.url}/html?fast=1`, title: 'Fast', description: 'answers at once' },
      ],
    });
    const started = Date.now();
    const response = await search({
      query: 'pages',
      timeout_ms: 2500,
      scrape: { formats: ['markdown'], cache_ttl: 0 },
    });
    const elapsed = Date.now() - started;
    expect(response.status).toBe(200);
    expect(elapsed).toBeLessThan(2500 + 1500);
    const body = searchResponse.parse(response.json);
    expect(body.partial).toBe(true);
    expect(body.results[0]).toMatchObject({
      title: 'Slow',
      position: 1,
      error: { code: 'internal_error', http_status: 500, details: { reason: 'timeout' } },
    });
    expect(body.results[0]?.formats).toBeUndefined();
    expect(body.results[1]?.formats?.markdown).toBeTruthy();
    expect(body.results[1]?.error).toBeUndefined();
  });

  it('a result that cannot be fetched carries its error; the others are scraped', async () => {
    searxng.behave({
      results: [
        { url: 'http://127.0.0.1:1/page', title: 'Gone', description: 'nothing listens there' },
        { url: `${site.url}/html?ok=1`, title: 'Here', description: '' },
      ],
    });
    const response = await search({ query: 'x', scrape: { formats: ['rawHtml'], cache_ttl: 0 } });
    expect(response.status).toBe(200);
    expect(response.json.partial).toBe(true);
    expect(response.json.results[0].error).toMatchObject({
      code: 'internal_error',
      details: { reason: 'connection_refused' },
    });
    expect(response.json.results[1].formats.rawHtml).toContain('<html');
  });
});

describe('POST /v1/search: field errors are 400 validation_error (spec)', () => {
  const invalid: Array<[field: string, body: Record<string, unknown>]> = [
    ['query', {}],
    ['query', { query: '' }],
    ['query', { query: '   ' }],
    ['query', { query: 'x'.repeat(501) }],
    ['query', { query: 7 }],
    ['limit', { query: 'q', limit: 0 }],
    ['limit', { query: 'q', limit: 21 }],
    ['limit', { query: 'q', limit: 2.5 }],
    ['limit', { query: 'q', limit: '5' }],
    ['lang', { query: 'q', lang: 'EN' }],
    ['country', { query: 'q', country: 'us' }],
    ['time_range', { query: 'q', time_range: 'decade' }],
    ['site', { query: 'q', site: 'https://example.com/' }],
    ['site', { query: 'q', site: [] }],
    ['safe_search', { query: 'q', safe_search: true }],
    ['timeout_ms', { query: 'q', timeout_ms: 999 }],
    ['timeout_ms', { query: 'q', timeout_ms: 60_001 }],
    ['scrape.formats', { query: 'q', scrape: { formats: ['pdf'] } }],
    ['scrape', { query: 'q', scrape: { cookies: [] } }],
    ['scrape.cache_ttl', { query: 'q', scrape: { cache_ttl: 5 } }],
    ['provider', { query: 'q', provider: 'brave' }],
  ];

  it.each(invalid)('%s: %j', async (field, body) => {
    const response = await search(body);
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    const fields = response.json.error.details.fields.map((entry: { field: string }) => entry.field);
    expect(fields.some((name: string) => name.startsWith(field))).toBe(true);
  });

  it('malformed JSON stays 422 (not a field error); nothing is charged for a refused request', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const response = await api('/v1/search', { key, body: '{"query":', baseUrl: web.baseUrl });
    expect(response.status).toBe(422);
    expect((await search({ query: 'q', limit: 99 }, key)).status).toBe(400);
    expect(searxng.requests).toHaveLength(0);
    expect(await quotaUsage(accountId)).toMatchObject({ credits: 0, requests: 0 });
  });

  it('other methods are 405; a bad key is 401 before anything else', async () => {
    const key = (await newAccountWithKey()).key;
    expect((await api('/v1/search', { key, method: 'GET', baseUrl: web.baseUrl })).status).toBe(405);
    expect((await api('/v1/search', { key: 'sk_test_nope', body: {}, baseUrl: web.baseUrl })).status).toBe(
      401,
    );
  });
});

describe('POST /v1/search: circuit breaker', () => {
  let breaking: ApiInstance;
  beforeAll(async () => {
    breaking = await startApiInstance(providerEnv({ failures: 2, cooldownSeconds: 5 }));
  });
  afterAll(() => breaking?.kill());

  it('skips a provider after repeated failures until its cool-down ends', { timeout: 60_000 }, async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const provider = async () => (await search({ query: 'q' }, key, breaking.baseUrl)).json.provider;
    searxng.behave({ status: 500 });
    expect(await provider()).toBe('brave');
    expect(await provider()).toBe('brave');
    expect(searxng.requests).toHaveLength(2);
    searxng.behave({});
    // Open: searxng would answer now, but is not asked.
    expect(await provider()).toBe('brave');
    expect(searxng.requests).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 5100));
    expect(await provider()).toBe('searxng');
    expect(searxng.requests).toHaveLength(3);
  });
});

describe('POST /v1/search: no provider configured', () => {
  let unconfigured: ApiInstance;
  beforeAll(async () => {
    unconfigured = await startApiInstance({ SEARCH_PROVIDERS: '' });
  });
  afterAll(() => unconfigured?.kill());

  it('503 service_unavailable naming the variable to set, before any charge', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const response = await search({ query: 'q' }, key, unconfigured.baseUrl);
    expect(response.status).toBe(503);
    expect(response.json.error.code).toBe('service_unavailable');
    expect(response.json.error.message).toContain('SEARCH_PROVIDERS');
    expect(await quotaUsage(accountId)).toMatchObject({ credits: 0, requests: 0, leases: 0 });
  });
});
