import { ApiError } from '@webcapture/errors';
import { describe, expect, it } from 'vitest';
import {
  braveProvider,
  configuredChain,
  ProviderChain,
  type SearchQuery,
  searchConfigProblem,
  searxngProvider,
  serperProvider,
} from '../src';
import { useProviderStandIns } from './stand-ins';

const query: SearchQuery = { query: 'capture', limit: 5, safeSearch: 'moderate' };

const standIns = useProviderStandIns();

function chain(breaker = { failureThreshold: 2, cooldownMs: 60_000 }, timeoutMs = 500) {
  return new ProviderChain(
    [
      searxngProvider({ baseUrl: standIns.searxng.url }),
      braveProvider({ apiKey: 'b', baseUrl: `${standIns.brave.url}/res/v1` }),
      serperProvider({ apiKey: 's', baseUrl: standIns.serper.url }),
    ],
    breaker,
    timeoutMs,
  );
}

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const inTwoSeconds = () => Date.now() + 2000;

describe('the fallback chain', () => {
  it('the first provider that answers answers; the others are not asked', async () => {
    const answer = await chain().search(query, inTwoSeconds());
    expect(answer.provider).toBe('searxng');
    expect(answer.results[0]).toMatchObject({
      position: 1,
      provider: 'searxng',
      url: 'https://example.com/one',
    });
    expect(standIns.brave.requests).toHaveLength(0);
  });

  it('moves on after a 5xx, a 429 and a timeout, each its own provider', async () => {
    standIns.searxng.behave({ status: 500 });
    expect((await chain().search(query, inTwoSeconds())).provider).toBe('brave');
    standIns.brave.behave({ status: 429, headers: { 'retry-after': '3' } });
    expect((await chain().search(query, inTwoSeconds())).provider).toBe('serper');
    standIns.searxng.behave({ delayMs: 1500 });
    const started = Date.now();
    expect((await chain().search(query, inTwoSeconds())).provider).toBe('serper');
    // The timed-out provider had its 500 ms (SEARCH_PROVIDER_TIMEOUT_MS), not the whole deadline.
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('every provider down: 502 upstream_error naming each cause, Retry-After when all said when', async () => {
    standIns.searxng.behave({ enginesDown: true });
    standIns.brave.behave({ status: 503 });
    standIns.serper.behave({ status: 401 });
    const error = await errorOf(chain().search(query, inTwoSeconds()));
    expect(error).toMatchObject({ code: 'upstream_error', status: 502 });
    expect(error.details).toMatchObject({
      retryable: true,
      providers: [
        { provider: 'searxng', reason: 'no_results_engines_down' },
        { provider: 'brave', reason: 'unavailable', status: 503 },
        { provider: 'serper', reason: 'unauthorized', status: 401 },
      ],
    });
    expect(error.headers['retry-after']).toBeUndefined();
    for (const standIn of [standIns.searxng, standIns.brave, standIns.serper])
      standIn.behave({ status: 429, headers: { 'retry-after': '9' } });
    expect((await errorOf(chain().search(query, inTwoSeconds()))).headers['retry-after']).toBe('9');
  });

  it('the circuit opens after repeated failures and skips the provider until the cool-down ends', async () => {
    const breaking = chain({ failureThreshold: 2, cooldownMs: 400 });
    standIns.searxng.behave({ status: 500 });
    await breaking.search(query, inTwoSeconds());
    await breaking.search(query, inTwoSeconds());
    expect(standIns.searxng.requests).toHaveLength(2);
    standIns.searxng.behave({});
    // Open: searxng is not asked although it would answer now.
    expect((await breaking.search(query, inTwoSeconds())).provider).toBe('brave');
    expect(standIns.searxng.requests).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await breaking.search(query, inTwoSeconds())).provider).toBe('searxng');
    expect(standIns.searxng.requests).toHaveLength(3);
  });

  it("a 429 opens the circuit at once for the provider's Retry-After", async () => {
    const breaking = chain({ failureThreshold: 5, cooldownMs: 60_000 });
    standIns.searxng.behave({ status: 429, headers: { 'retry-after': '30' } });
    await breaking.search(query, inTwoSeconds());
    standIns.searxng.behave({});
    await breaking.search(query, inTwoSeconds());
    expect(standIns.searxng.requests).toHaveLength(1);
  });

  it('deduplicates by normalised URL, keeps the first occurrence, numbers from 1 and stops at limit', async () => {
    standIns.searxng.behave({
      results: [
        { url: 'https://www.example.com/a/?utm_source=x#top', title: 'A', description: '' },
        { url: 'http://example.com/a', title: 'A again', description: '' },
        { url: 'https://example.com/b?y=2&x=1', title: 'B', description: '' },
        { url: 'https://example.com/b?x=1&y=2', title: 'B again', description: '' },
        { url: 'ftp://example.com/c', title: 'not the web', description: '' },
        { url: 'https://example.com/d', title: 'D', description: '' },
        { url: 'https://example.com/e', title: 'E', description: '' },
      ],
    });
    const answer = await chain().search({ ...query, limit: 3 }, inTwoSeconds());
    expect(answer.results.map((hit) => [hit.position, hit.title])).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'D'],
    ]);
  });

  it('site restricts results to the hosts and their subdomains even when the engine ignores site:', async () => {
    standIns.searxng.behave({
      results: [
        { url: 'https://docs.example.com/x', title: 'sub', description: '' },
        { url: 'https://notexample.com/y', title: 'other', description: '' },
        { url: 'https://example.com/z', title: 'same', description: '' },
      ],
    });
    const answer = await chain().search({ ...query, sites: ['example.com'] }, inTwoSeconds());
    expect(answer.results.map((hit) => hit.title)).toEqual(['sub', 'same']);
  });
});

describe('configuration', () => {
  it('names the variable to set', () => {
    expect(searchConfigProblem({})).toContain('SEARCH_PROVIDERS');
    expect(searchConfigProblem({ SEARCH_PROVIDERS: 'brave' })).toContain('BRAVE_API_KEY');
    expect(searchConfigProblem({ SEARCH_PROVIDERS: 'searxng,bing', SEARXNG_URL: 'http://x' })).toContain(
      '"bing"',
    );
    expect(searchConfigProblem({ SEARCH_PROVIDERS: 'searxng', SEARXNG_URL: 'http://x' })).toBeUndefined();
  });

  it('no provider: 503 service_unavailable; one chain per configuration for the life of the process', () => {
    expect(() => configuredChain({})).toThrow(
      expect.objectContaining({ code: 'service_unavailable', status: 503 }),
    );
    const env = { SEARCH_PROVIDERS: 'searxng, brave', SEARXNG_URL: 'http://x', BRAVE_API_KEY: 'k' };
    const first = configuredChain(env);
    expect(first.providers.map((provider) => provider.name)).toEqual(['searxng', 'brave']);
    expect(configuredChain({ ...env })).toBe(first);
    expect(configuredChain({ ...env, SEARCH_PROVIDERS: 'brave' })).not.toBe(first);
  });
});
