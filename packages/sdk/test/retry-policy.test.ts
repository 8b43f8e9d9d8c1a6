import { describe, expect, it } from 'vitest';
import { mayReplay, parseRetryAfter, retryDelaySeconds } from '../src/retry-policy';

const noJitter = { jitter: 0 };

describe('the spec’s retry rules', () => {
  it('never retries what must be fixed first', () => {
    for (const code of [
      'invalid_url',
      'validation_error',
      'unauthorized',
      'invalid_api_key',
      'quota_exceeded',
      'spending_cap_reached',
      'billing_entitlement_impaired',
      'billing_entitlement_expired',
      'forbidden',
    ]) {
      expect(retryDelaySeconds(code, 1)).toBeNull();
    }
  });

  it('backs off from 1 s doubling to a 60 s cap', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelaySeconds('internal_error', n, null, noJitter)),
    ).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('adds at most the jitter share on top of the backoff, never past the cap', () => {
    expect(retryDelaySeconds('internal_error', 3, null, { jitter: 0.5, random: () => 0.999 })).toBeCloseTo(
      5.998,
    );
    expect(retryDelaySeconds('internal_error', 3, null, { jitter: 0.5, random: () => 0 })).toBe(4);
    expect(retryDelaySeconds('internal_error', 7, null, { jitter: 0.5, random: () => 0.999 })).toBe(60);
  });

  it('lets Retry-After win on a 429; concurrency_limit without one waits a short fixed second', () => {
    expect(retryDelaySeconds('rate_limited', 5, '1')).toBe(1);
    expect(retryDelaySeconds('concurrency_limit', 3, '2')).toBe(2);
    expect(retryDelaySeconds('rate_limited', 3, null, noJitter)).toBe(4);
    expect(retryDelaySeconds('concurrency_limit', 4, null)).toBe(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('replays a 429 whatever the method, but a 5xx only where a replay cannot duplicate work', () => {
    expect(mayReplay('POST', '/v1/bulk', 'rate_limited')).toBe(true);
    expect(mayReplay('POST', '/v1/bulk', 'internal_error')).toBe(false);
    expect(mayReplay('POST', '/v1/account/api-keys', 'internal_error')).toBe(false);
    expect(mayReplay('POST', '/v1/scrape', 'internal_error')).toBe(true);
    expect(mayReplay('GET', '/v1/scrape/bulk/bk_1', 'internal_error')).toBe(true);
    expect(mayReplay('GET', '/v1/account', 'forbidden')).toBe(false);
  });
});
