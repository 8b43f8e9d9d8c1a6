import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from '../src/retry-policy';

describe('retryDelaySeconds', () => {
  it('never retries what must be fixed first', () => {
    for (const code of [
      'quota_exceeded',
      'spending_cap_reached',
      'billing_entitlement_impaired',
      'validation_error',
    ]) {
      expect(retryDelaySeconds(code, 1)).toBeNull();
    }
  });

  it('backs off from 1 s doubling to a 60 s cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelaySeconds('internal_error', n))).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60,
    ]);
  });

  it('lets Retry-After win on a 429', () => {
    expect(retryDelaySeconds('rate_limited', 5, '1')).toBe(1);
    expect(retryDelaySeconds('concurrency_limit', 3, '2')).toBe(2);
    expect(retryDelaySeconds('rate_limited', 3, null)).toBe(4);
  });
});
