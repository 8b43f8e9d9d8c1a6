import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, WebcaptureError } from '@webcapture/client';
import { setAccountOverrides, setSubscriptionStatus } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

describe('@webcapture/client follows the spec’s retry rules', () => {
  it('waits out rate_limited with Retry-After and gets every answer', async () => {
    const { key, accountId } = await newAccountWithKey();
    await setAccountOverrides(accountId, { requests_per_second: 1, concurrency: 10 });
    const waits: number[] = [];
    const client = createClient({
      baseUrl: inject('baseUrl'),
      apiKey: key,
      wait: async (seconds) => {
        waits.push(seconds);
        await sleep(seconds * 1000);
      },
    });
    const results = await Promise.all(
      [1, 2, 3].map((i) => client.fetch({ url: `${site.url}/text?i=${i}`, cache_ttl: 0 })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits.every((s) => s >= 0 && s <= 1)).toBe(true);
  });

  it('backs off on internal_error, doubling from 1 s, then gives up with the error', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const waits: number[] = [];
    const client = createClient({
      baseUrl: inject('baseUrl'),
      apiKey: key,
      maxRetries: 3,
      wait: async (seconds) => {
        waits.push(seconds);
      },
    });
    const failure = client.scrape({ url: 'http://127.0.0.1:9/', cache_ttl: 0 });
    await expect(failure).rejects.toMatchObject({ status: 500, code: 'internal_error' });
    expect(waits).toEqual([1, 2, 4]);
  });

  it('never retries what must be fixed first', async () => {
    const { key, accountId } = await newAccountWithKey();
    await setSubscriptionStatus(accountId, 'past_due');
    const waits: number[] = [];
    const client = createClient({
      baseUrl: inject('baseUrl'),
      apiKey: key,
      wait: async (s) => void waits.push(s),
    });
    const error = await client.fetch({ url: `${site.url}/text` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebcaptureError);
    expect(error).toMatchObject({ status: 402, code: 'billing_entitlement_impaired' });
    expect(waits).toEqual([]);
  });
});
