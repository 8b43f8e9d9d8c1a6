import { describe, expect, it } from 'vitest';
import { DEFAULT_RESULTS, startSerperStandIn } from '../../../test/fixtures/search-providers';
import { braveProvider, ProviderFailure, type SearchQuery, searxngProvider, serperProvider } from '../src';
import { useProviderStandIns } from './stand-ins';

const query: SearchQuery = {
  query: 'web capture',
  limit: 5,
  lang: 'en',
  country: 'DE',
  timeRange: 'week',
  sites: ['example.com', 'example.org'],
  safeSearch: 'strict',
};
const soon = () => ({ deadline: Date.now() + 2000 });

const standIns = useProviderStandIns();

async function failureOf(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('searxng adapter', () => {
  const provider = () => searxngProvider({ baseUrl: standIns.searxng.url });

  it('asks GET /search with format=json and maps language, time range, safe search and sites', async () => {
    const answer = await provider().search(query, soon());
    expect(standIns.searxng.requests[0]).toMatchObject({
      method: 'GET',
      path: '/search',
      query: {
        q: 'web capture (site:example.com OR site:example.org)',
        format: 'json',
        language: 'en-DE',
        time_range: 'week',
        safesearch: '2',
        pageno: '1',
      },
    });
    expect(answer.provider).toBe('searxng');
    expect(answer.results).toEqual([
      {
        url: 'https://example.com/one',
        title: 'One',
        description: 'The first page',
        publishedAt: '2026-03-01T10:00:00.000Z',
      },
      {
        url: 'https://example.org/two',
        title: 'Two',
        description: 'The second page',
        publishedAt: undefined,
      },
      {
        url: 'https://example.net/three',
        title: 'Three',
        description: 'The third page',
        publishedAt: undefined,
      },
    ]);
  });

  it('an empty answer whose engines all failed is a failure, not "no results"', async () => {
    standIns.searxng.behave({ enginesDown: true });
    const failure = await failureOf(provider().search(query, soon()));
    expect(failure.reason).toBe('no_results_engines_down');
    expect(failure.message).toContain('google: CAPTCHA');
  });

  it('an empty answer with every engine responding is simply no results', async () => {
    standIns.searxng.behave({ results: [] });
    expect((await provider().search(query, soon())).results).toEqual([]);
  });

  it('403 (json format not enabled on the instance) is unauthorized', async () => {
    standIns.searxng.behave({ status: 403 });
    expect(await failureOf(provider().search(query, soon()))).toMatchObject({
      reason: 'unauthorized',
      init: { status: 403 },
    });
  });
});

describe('brave adapter', () => {
  const provider = () => braveProvider({ apiKey: 'brave-key', baseUrl: `${standIns.brave.url}/res/v1` });

  it('sends the key in X-Subscription-Token and maps count, country, search_lang, freshness, safesearch', async () => {
    const answer = await provider().search(query, soon());
    const request = standIns.brave.requests[0];
    expect(request?.headers['x-subscription-token']).toBe('brave-key');
    expect(request).toMatchObject({
      path: '/res/v1/web/search',
      query: {
        q: 'web capture (site:example.com OR site:example.org)',
        count: '5',
        country: 'DE',
        search_lang: 'en',
        freshness: 'pw',
        safesearch: 'strict',
        text_decorations: 'false',
      },
    });
    expect(answer.results.map((result) => result.url)).toEqual(DEFAULT_RESULTS.map((result) => result.url));
    expect(answer.results[0]?.publishedAt).toBe('2026-03-01T10:00:00.000Z');
  });

  it('429 carries the Retry-After seconds; X-RateLimit-Reset when Retry-After is absent', async () => {
    standIns.brave.behave({ status: 429, headers: { 'retry-after': '7' } });
    expect(await failureOf(provider().search(query, soon()))).toMatchObject({
      reason: 'rate_limited',
      init: { status: 429, retryAfterSeconds: 7 },
    });
    standIns.brave.behave({ status: 429, headers: { 'x-ratelimit-reset': '1, 1419704' } });
    expect((await failureOf(provider().search(query, soon()))).init.retryAfterSeconds).toBe(1);
  });

  it('a 5xx is unavailable; a malformed body is bad_response; a slow answer is a timeout at the deadline', async () => {
    standIns.brave.behave({ status: 503 });
    expect((await failureOf(provider().search(query, soon()))).reason).toBe('unavailable');
    standIns.brave.behave({ rawBody: '<html>maintenance</html>' });
    expect((await failureOf(provider().search(query, soon()))).reason).toBe('bad_response');
    standIns.brave.behave({ rawBody: '{"type":"news"}' });
    expect((await failureOf(provider().search(query, soon()))).reason).toBe('bad_response');
    standIns.brave.behave({ delayMs: 3000 });
    const started = Date.now();
    expect((await failureOf(provider().search(query, { deadline: Date.now() + 300 }))).reason).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('no web block (nothing matched) is an empty result list', async () => {
    standIns.brave.behave({ rawBody: '{"type":"search","query":{"original":"x"}}' });
    expect((await provider().search(query, soon())).results).toEqual([]);
  });
});

describe('serper adapter', () => {
  const provider = () => serperProvider({ apiKey: 'serper-key', baseUrl: standIns.serper.url });

  it('POSTs JSON with X-API-KEY and maps num, gl, hl, tbs; organic links become results', async () => {
    const answer = await provider().search({ ...query, sites: undefined }, soon());
    const request = standIns.serper.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.headers['x-api-key']).toBe('serper-key');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      q: 'web capture',
      num: 5,
      gl: 'de',
      hl: 'en',
      tbs: 'qdr:w',
    });
    expect(answer.results[1]).toEqual({
      url: 'https://example.org/two',
      title: 'Two',
      description: 'The second page',
      publishedAt: undefined,
    });
    // Google's "Mar 1, 2026" reads as a date.
    expect(answer.results[0]?.publishedAt).toMatch(/^2026-03-0[12]T/);
  });

  it('an unreachable provider is unavailable', async () => {
    const closed = await startSerperStandIn();
    await closed.close();
    const failure = await failureOf(
      serperProvider({ apiKey: 'k', baseUrl: closed.url }).search(query, soon()),
    );
    expect(failure.reason).toBe('unavailable');
    expect(failure.message).toContain('ECONNREFUSED');
  });
});
