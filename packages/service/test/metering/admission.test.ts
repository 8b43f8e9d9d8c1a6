import { afterEach, describe, expect, it } from 'vitest';
import { type Admission, admit, dayOf, quotaUsage, rollback, settle, usageByEndpoint } from '../../src';
import { meteredAccount, nextSecond, rejection, sleep } from './support';

const HIGH = { requests_per_second: 10_000, concurrency: 10_000 };

afterEach(() => {
  delete process.env.CONCURRENCY_LEASE_SECONDS;
});

describe('quota accounting', () => {
  it('200 parallel requests against a quota that fits exactly 50: 50 succeed, 150 get 402, counter = sum billed', {
    timeout: 180_000,
  }, async () => {
    // 1000 wire bytes of markdown bill 1500; the estimate (4 KiB) deliberately differs from the real charge.
    const accountId = await meteredAccount({ ...HIGH, monthly_quota_bytes: 50 * 1500 });
    const outcomes = await Promise.all(
      // A request admitted after the 50th settled is refused at admission, the rest at settlement.
      Array.from({ length: 200 }, () =>
        rejection(
          admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 4096 }).then((admission) =>
            settle(admission, { wireBytes: 1000, factor: 1.5 }),
          ),
        ),
      ),
    );
    const succeeded = outcomes.filter((error) => error === undefined).length;
    const refused = outcomes.filter((error) => error?.code === 'quota_exceeded');
    expect(succeeded).toBe(50);
    expect(refused).toHaveLength(150);
    expect(refused.every((error) => error?.status === 402)).toBe(true);

    const usage = await quotaUsage(accountId);
    expect(usage.settled_bytes).toBe(50 * 1500);
    expect(usage.pending_bytes).toBe(0);
    expect(usage.leases).toBe(0);
    expect(usage.requests).toBe(50);

    const today = dayOf(new Date());
    const report = await usageByEndpoint(accountId, { from: today, to: today });
    expect(report.totals).toEqual({
      raw_bytes: 50 * 1000,
      billable_bytes: usage.settled_bytes,
      requests: 50,
      credits: 0,
    });

    // Used up: the next request is refused at admission.
    const next = await rejection(admit({ accountId, endpoint: '/v1/scrape' }));
    expect(next?.code).toBe('quota_exceeded');
  });

  it('a markdown capture bills 1.5 × wire bytes, a cache hit the cache-hit rate', async () => {
    const accountId = await meteredAccount(HIGH);
    const markdown = await settle(await admit({ accountId, endpoint: '/v1/scrape' }), {
      wireBytes: 2000,
      factor: 1.5,
    });
    expect(markdown.billableBytes).toBe(3000);
    const cached = await settle(await admit({ accountId, endpoint: '/v1/fetch' }), {
      wireBytes: 2000,
      factor: 1.5,
      cacheHit: true,
    });
    expect(cached.billableBytes).toBe(500);
    expect((await quotaUsage(accountId)).settled_bytes).toBe(3500);

    const today = dayOf(new Date());
    const report = await usageByEndpoint(accountId, { from: today, to: today });
    expect(report.rows).toEqual([
      {
        endpoint: '/v1/fetch',
        raw_bytes: 2000,
        billing_multiplier: 0.25,
        billable_bytes: 500,
        requests: 1,
        credits: 0,
      },
      {
        endpoint: '/v1/scrape',
        raw_bytes: 2000,
        billing_multiplier: 1.5,
        billable_bytes: 3000,
        requests: 1,
        credits: 0,
      },
    ]);
    expect(report.totals).toEqual({ raw_bytes: 4000, billable_bytes: 3500, requests: 2, credits: 0 });
  });

  it('a failed capture costs nothing: the estimate is rolled back and the slot freed', async () => {
    const accountId = await meteredAccount(HIGH);
    const admission = await admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 100_000 });
    expect((await quotaUsage(accountId)).pending_bytes).toBe(100_000);
    await rollback(admission);
    await rollback(admission); // idempotent
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 0, pending_bytes: 0, leases: 0 });
    const today = dayOf(new Date());
    const report = await usageByEndpoint(accountId, { from: today, to: today });
    expect(report).toEqual({
      from: today,
      to: today,
      rows: [],
      totals: { raw_bytes: 0, billable_bytes: 0, requests: 0, credits: 0 },
    });
  });

  it('leaves endpoints with zero raw bytes out of rows and keeps ranges inclusive', async () => {
    const accountId = await meteredAccount(HIGH);
    await settle(await admit({ accountId, endpoint: '/v1/screenshots' }), { wireBytes: 0, factor: 1 });
    await settle(await admit({ accountId, endpoint: '/v1/fetch' }), { wireBytes: 10, factor: 1 });
    const today = dayOf(new Date());
    const report = await usageByEndpoint(accountId, { from: '2000-01-01', to: today });
    expect(report.rows.map((row) => row.endpoint)).toEqual(['/v1/fetch']);
    expect(report.totals).toEqual({ raw_bytes: 10, billable_bytes: 10, requests: 2, credits: 0 });
    const before = await usageByEndpoint(accountId, { from: '2000-01-01', to: '2000-01-02' });
    expect(before.rows).toEqual([]);
  });

  it('a response larger than the whole quota is refused at settle and costs nothing', async () => {
    const accountId = await meteredAccount({ ...HIGH, monthly_quota_bytes: 1000 });
    const admission = await admit({ accountId, endpoint: '/v1/fetch' });
    const error = await rejection(settle(admission, { wireBytes: 1001, factor: 1 }));
    expect(error?.code).toBe('quota_exceeded');
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 0, pending_bytes: 0, leases: 0 });
  });
});

describe('concurrency slots', () => {
  it('never more than N in flight; the (N+1)th gets 429 concurrency_limit with Retry-After', async () => {
    const N = 3;
    const accountId = await meteredAccount({ requests_per_second: 10_000, concurrency: N });
    const held = await Promise.all(
      Array.from({ length: N }, () => admit({ accountId, endpoint: '/v1/scrape' })),
    );
    const error = await rejection(admit({ accountId, endpoint: '/v1/scrape' }));
    expect(error?.code).toBe('concurrency_limit');
    expect(error?.status).toBe(429);
    expect(Number(error?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await Promise.all(held.map((admission) => rollback(admission)));

    // 12 workers doing slow work, retrying after a 429 as a client would.
    let inFlight = 0;
    let maxInFlight = 0;
    let refusals = 0;
    const work = async () => {
      for (;;) {
        let admission: Admission;
        try {
          admission = await admit({ accountId, endpoint: '/v1/scrape' });
        } catch (reason) {
          if ((reason as { code?: string }).code !== 'concurrency_limit') throw reason;
          refusals++;
          await sleep(20);
          continue;
        }
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(150);
        inFlight--;
        await settle(admission, { wireBytes: 1, factor: 1 });
        return;
      }
    };
    await Promise.all(Array.from({ length: 12 }, work));
    expect(maxInFlight).toBe(N);
    expect(refusals).toBeGreaterThan(0);
    expect(await quotaUsage(accountId)).toMatchObject({ leases: 0, requests: 12, settled_bytes: 12 });
  });

  it('a slot held by a killed request frees itself after the lease expires', async () => {
    process.env.CONCURRENCY_LEASE_SECONDS = '1';
    const accountId = await meteredAccount({ requests_per_second: 10_000, concurrency: 1 });
    // Admitted, then the process "dies": never settled, never rolled back.
    const killed = await admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 777 });
    expect((await rejection(admit({ accountId, endpoint: '/v1/scrape' })))?.code).toBe('concurrency_limit');
    await sleep(killed.leaseExpiresAt - Date.now() + 50);

    const next = await admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 5 });
    // The purge took the dead request's estimate back out of the counter.
    expect(await quotaUsage(accountId)).toMatchObject({ leases: 1, pending_bytes: 5 });
    await settle(next, { wireBytes: 10, factor: 1 });

    // The dead request, should it come back to life, neither frees another slot twice nor skews the counter.
    await rollback(killed);
    expect(await quotaUsage(accountId)).toMatchObject({ leases: 0, pending_bytes: 0, settled_bytes: 10 });
  });

  it('a request outliving its purged lease is still billed once', async () => {
    process.env.CONCURRENCY_LEASE_SECONDS = '1';
    const accountId = await meteredAccount({ requests_per_second: 10_000, concurrency: 1 });
    const slow = await admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 300 });
    await sleep(slow.leaseExpiresAt - Date.now() + 50);
    const other = await admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 0 });
    await settle(slow, { wireBytes: 100, factor: 1 });
    await settle(other, { wireBytes: 1, factor: 1 });
    expect(await quotaUsage(accountId)).toMatchObject({ leases: 0, pending_bytes: 0, settled_bytes: 101 });
  });
});

describe('rate limit', () => {
  it('admits at most the limit within one one-second window', async () => {
    const accountId = await meteredAccount({ requests_per_second: 5, concurrency: 10_000 });
    const now = new Date(Math.floor(Date.now() / 1000) * 1000 + 10);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => admit({ accountId, endpoint: '/v1/fetch', now }).catch((e) => e)),
    );
    const admitted = outcomes.filter((o): o is Admission => 'leaseId' in o);
    expect(admitted).toHaveLength(5);
    expect(admitted.map((a) => a.rate.remaining).sort()).toEqual([0, 1, 2, 3, 4]);
    const limited = outcomes.filter((o) => !('leaseId' in o));
    expect(limited).toHaveLength(7);
    for (const error of limited) {
      expect(error.code).toBe('rate_limited');
      expect(error.status).toBe(429);
      expect(error.message).toContain('5 requests per second');
      expect(error.rate).toMatchObject({ limit: 5, remaining: 0 });
      expect(Number(error.headers['retry-after'])).toBe(1);
    }
    await Promise.all(admitted.map((a) => rollback(a)));
  });

  it('with the real clock, no window admits more than the limit', async () => {
    const accountId = await meteredAccount({ requests_per_second: 4, concurrency: 10_000 });
    await nextSecond();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => admit({ accountId, endpoint: '/v1/fetch' }).catch((e) => e)),
    );
    const perWindow = new Map<number, number>();
    for (const outcome of outcomes) {
      if ('leaseId' in outcome) {
        const window = outcome.rate.resetEpochSeconds;
        perWindow.set(window, (perWindow.get(window) ?? 0) + 1);
      } else {
        expect(outcome.code).toBe('rate_limited');
      }
    }
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(4);
    expect([...perWindow.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
  });
});
