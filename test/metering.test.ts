import middy from '@middy/core';
import { ApiError } from '@webcapture/errors';
import { type ApiEvent, admission, jsonResponse, recordBilling, stateOf } from '@webcapture/http';
import {
  admit,
  createAccount,
  dayOf,
  quotaUsage,
  setAccountOverrides,
  setAccountPlan,
  setSpendingCap,
  setSubscriptionStatus,
  settle,
} from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../packages/http/src/middleware/error-envelope';
import { rateLimitHeaders } from '../packages/http/src/middleware/rate-limit-headers';
import { FIXTURE_TEXT, type FixtureSite, startFixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { type ApiResponse, api } from './support/api';
import { startApiInstance } from './support/api-instance';
import { until } from './support/until';

const today = () => dayOf(new Date());
const daysAgo = (n: number) => dayOf(new Date(Date.now() - n * 86_400_000));

describe('GET /v1/usage/by-endpoint', () => {
  it('defaults to the last 30 days with totals always present', async () => {
    const { key } = await newAccountWithKey();
    const response = await api('/v1/usage/by-endpoint', { key });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      from: daysAgo(29),
      to: today(),
      rows: [],
      totals: { raw_bytes: 0, billable_bytes: 0, requests: 0, credits: 0 },
    });
    expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  });

  it('reports rows per endpoint that agree with the quota counter', async () => {
    const { key, accountId } = await newAccountWithKey();
    await setAccountOverrides(accountId, { requests_per_second: 1000, concurrency: 1000 });
    for (const [endpoint, wireBytes, factor] of [
      ['/v1/scrape', 1000, 1.5],
      ['/v1/scrape', 3000, 1.5],
      ['/v1/fetch', 500, 1],
      ['/v1/screenshots', 0, 1],
    ] as const) {
      await settle(await admit({ accountId, endpoint }), { wireBytes, factor });
    }
    const response = await api(`/v1/usage/by-endpoint?from=${daysAgo(1)}&to=${today()}`, { key });
    expect(response.status).toBe(200);
    expect(response.json.rows).toEqual([
      {
        endpoint: '/v1/fetch',
        raw_bytes: 500,
        billing_multiplier: 1,
        billable_bytes: 500,
        requests: 1,
        credits: 0,
      },
      {
        endpoint: '/v1/scrape',
        raw_bytes: 4000,
        billing_multiplier: 1.5,
        billable_bytes: 6000,
        requests: 2,
        credits: 0,
      },
    ]);
    expect(response.json.totals).toEqual({ raw_bytes: 4500, billable_bytes: 6500, requests: 4, credits: 0 });
    expect((await quotaUsage(accountId)).settled_bytes).toBe(response.json.totals.billable_bytes);
  });

  it.each([
    ['from=2025-13-01', 'from'],
    ['from=yesterday', 'from'],
    ['to=2025-02-30', 'to'],
    ['from=2025-03-02&to=2025-03-01', 'from'],
    ['from=2024-01-01&to=2025-01-01', 'to'],
  ])('answers 422 validation_error with details for %s', async (query, field) => {
    const { key } = await newAccountWithKey();
    const response = await api(`/v1/usage/by-endpoint?${query}`, { key });
    expect(response.status).toBe(422);
    expect(response.json.error.code).toBe('validation_error');
    expect(response.json.error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('accepts exactly 366 days', async () => {
    const { key } = await newAccountWithKey();
    const response = await api('/v1/usage/by-endpoint?from=2024-01-01&to=2024-12-31', { key });
    expect(response.status).toBe(200);
    expect(response.json.from).toBe('2024-01-01');
  });
});

/** The real middlewares in the order defineRoute composes them, around a stand-in capture handler. */
function meteredRoute(handler: (event: ApiEvent) => Promise<unknown>) {
  return middy<ApiEvent, ReturnType<typeof jsonResponse>>()
    .use(rateLimitHeaders())
    .use(errorEnvelope())
    .use({
      before: async (request) => {
        stateOf(request.event).principal = {
          accountId: request.event.headers['x-account'] as string,
          keyId: 'ak_test',
          scopes: ['capture'],
        };
      },
    })
    .use(admission({ endpoint: '/v1/scrape', estimateBytes: 10_000 }))
    .handler(async (event) => jsonResponse(200, await handler(event)));
}

function eventFor(accountId: string): ApiEvent {
  return {
    headers: { 'x-account': accountId },
    requestContext: { requestId: 'r' },
  } as unknown as ApiEvent;
}

async function accountWith(overrides: Record<string, number>, planId?: string) {
  const account = await createAccount({ name: 'metering e2e', planId });
  await setAccountOverrides(account.id, overrides);
  return account.id;
}

describe('admission middleware', () => {
  it('bills a markdown capture 1.5 × wire bytes and sets real X-RateLimit-* headers', async () => {
    const accountId = await accountWith({ requests_per_second: 7, concurrency: 5 });
    const route = meteredRoute(async (event) => {
      recordBilling(event, { wireBytes: 2000, factor: 1.5 });
      return { ok: true };
    });
    const response = await route(eventFor(accountId), {} as never);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-ratelimit-limit']).toBe('7');
    expect(Number(response.headers['x-ratelimit-remaining'])).toBeLessThan(7);
    expect(Number(response.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 - 1);
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 3000, pending_bytes: 0, leases: 0 });
  });

  it('a failed capture costs nothing and frees its slot', async () => {
    const accountId = await accountWith({ requests_per_second: 100, concurrency: 1 });
    const route = meteredRoute(async () => {
      throw new ApiError('internal_error', 'upstream fetch failed');
    });
    const first = await route(eventFor(accountId), {} as never);
    expect(first.statusCode).toBe(500);
    const second = await route(eventFor(accountId), {} as never);
    expect(second.statusCode).toBe(500); // not 429: the slot was released
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 0, pending_bytes: 0, leases: 0 });
  });

  it('bills a cached non-2xx fetch at the cache-hit rate although it failed', async () => {
    const accountId = await accountWith({ requests_per_second: 100, concurrency: 5 });
    const route = meteredRoute(async (event) => {
      recordBilling(event, { wireBytes: 4000, factor: 1, cacheHit: true, upstreamStatus: 404 });
      throw new ApiError('upstream_error', 'The origin answered HTTP 404.', { status: 404 });
    });
    const response = await route(eventFor(accountId), {} as never);
    expect(response.statusCode).toBe(404);
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 1000, leases: 0 });
  });

  it('the (N+1)th concurrent request gets 429 concurrency_limit with Retry-After', async () => {
    const N = 2;
    const accountId = await accountWith({ requests_per_second: 100, concurrency: N });
    let inFlight = 0;
    let maxInFlight = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const route = meteredRoute(async (event) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await gate; // a slow upstream
      inFlight--;
      recordBilling(event, { wireBytes: 10, factor: 1 });
      return { ok: true };
    });
    const slow = Array.from({ length: N }, () => route(eventFor(accountId), {} as never));
    while (inFlight < N) await new Promise((resolve) => setTimeout(resolve, 10));
    const extra = await route(eventFor(accountId), {} as never);
    expect(extra.statusCode).toBe(429);
    expect(JSON.parse(extra.body as string).error.code).toBe('concurrency_limit');
    expect(Number(extra.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(extra.headers['x-ratelimit-limit']).toBe('100');
    release();
    expect((await Promise.all(slow)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect(maxInFlight).toBe(N);
  });

  it('a response that does not fit the remaining quota is a 402 and costs nothing', async () => {
    const accountId = await accountWith({
      requests_per_second: 100,
      concurrency: 5,
      monthly_quota_bytes: 1000,
    });
    const route = meteredRoute(async (event) => {
      recordBilling(event, { wireBytes: 800, factor: 1.5 });
      return { ok: true };
    });
    const response = await route(eventFor(accountId), {} as never);
    expect(response.statusCode).toBe(402);
    expect(JSON.parse(response.body as string).error.code).toBe('quota_exceeded');
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 0, pending_bytes: 0, leases: 0 });
  });
});

describe('billing states', () => {
  const admitted = (accountId: string, creditCost = 0) =>
    admit({ accountId, endpoint: '/v1/schema', creditCost }).then(
      () => undefined,
      (error: ApiError) => error,
    );

  it('past_due → 402 billing_entitlement_impaired naming the reason', async () => {
    const accountId = await accountWith({});
    await setSubscriptionStatus(accountId, 'past_due');
    const error = await admitted(accountId);
    expect(error?.code).toBe('billing_entitlement_impaired');
    expect(error?.status).toBe(402);
    expect(error?.message).toMatch(/past due/);
  });

  it('dunning grace over, canceled or expired → 402 billing_entitlement_expired', async () => {
    const accountId = await accountWith({});
    await setSubscriptionStatus(accountId, 'unpaid', {
      graceUntil: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await admitted(accountId))?.code).toBe('billing_entitlement_impaired');
    await setSubscriptionStatus(accountId, 'unpaid', {
      graceUntil: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await admitted(accountId))?.code).toBe('billing_entitlement_expired');
    for (const status of ['canceled', 'expired'] as const) {
      await setSubscriptionStatus(accountId, status, { graceUntil: null });
      expect((await admitted(accountId))?.code).toBe('billing_entitlement_expired');
    }
    await setSubscriptionStatus(accountId, 'active');
    expect(await admitted(accountId)).toBeUndefined();
  });

  it('custom plan with an overage agreement → 402 spending_cap_reached past the cap', async () => {
    const accountId = await accountWith({ monthly_credits: 10, concurrency: 100 }, 'enterprise');
    await setSpendingCap(accountId, { spending_cap_usd: 1, credit_price_usd: 0.1 }); // 10 extra credits
    expect(await admitted(accountId, 15)).toBeUndefined();
    expect(await admitted(accountId, 5)).toBeUndefined();
    const error = await admitted(accountId, 1);
    expect(error?.code).toBe('spending_cap_reached');
    expect(error?.status).toBe(402);
    expect((await quotaUsage(accountId)).credits).toBe(20);
  });

  it('without an agreement, used-up credits are quota_exceeded; agreements exist only on custom plans', async () => {
    const accountId = await accountWith({ monthly_credits: 3, concurrency: 100 });
    expect(await admitted(accountId, 3)).toBeUndefined();
    expect((await admitted(accountId, 1))?.code).toBe('quota_exceeded');
    await expect(setSpendingCap(accountId, { spending_cap_usd: 5, credit_price_usd: 1 })).rejects.toThrow(
      /custom plans/,
    );
    await setAccountPlan(accountId, 'enterprise');
    await setSpendingCap(accountId, { spending_cap_usd: 5, credit_price_usd: 1 });
    expect(await admitted(accountId, 1)).toBeUndefined();
  });
});

describe('plans', () => {
  it('lists public plans with their limits and never a custom plan', async () => {
    const response = await api('/v1/plans');
    const plans = response.json.data as Record<string, unknown>[];
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((plan) => plan.is_custom === false)).toBe(true);
    for (const plan of plans) {
      for (const field of [
        'requests_per_second',
        'concurrency',
        'monthly_quota_bytes',
        'max_bulk_size_bytes',
      ]) {
        expect(plan[field]).toBeGreaterThan(0);
      }
    }
    expect(plans.find((plan) => plan.id === 'standard')?.max_bulk_size_bytes).toBe(2 * 1024 * 1024);
    expect(Math.max(...plans.map((plan) => plan.max_bulk_size_bytes as number))).toBe(16 * 1024 * 1024);
  });
});

/**
 * Through the local HTTP server on the capture routes. Each test first checks that the route is
 * metered: X-RateLimit-Limit shows the account's own limit.
 */
describe('metered capture routes over HTTP', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite();
  });
  afterAll(() => site.close());

  async function meteredKey(overrides: Record<string, number>) {
    const { key, accountId } = await newAccountWithKey();
    await setAccountOverrides(accountId, overrides);
    return { key, accountId };
  }

  async function isMetered(key: string, limit: number): Promise<boolean> {
    const probe = await api('/v1/fetch', { key, body: { url: `${site.url}/status/500`, cache_ttl: 0 } });
    return probe.headers.get('x-ratelimit-limit') === String(limit);
  }

  it('a markdown fetch bills 1.5 × wire bytes; a failed one costs nothing', async () => {
    const { key, accountId } = await meteredKey({ requests_per_second: 97, concurrency: 10 });
    expect(await isMetered(key, 97)).toBe(true);
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 0, pending_bytes: 0, leases: 0 });
    const response = await api('/v1/fetch', {
      key,
      body: { url: `${site.url}/html`, format: 'markdown', cache_ttl: 0 },
    });
    expect(response.status).toBe(200);
    const wire = Number(response.headers.get('x-fetch-content-length'));
    expect((await quotaUsage(accountId)).settled_bytes).toBe(Math.ceil(wire * 1.5));
    const usage = await api(`/v1/usage/by-endpoint?from=${today()}&to=${today()}`, { key });
    expect(usage.json.totals.billable_bytes).toBe(Math.ceil(wire * 1.5));
  });

  it('a markdown scrape bills 1.5 × wire bytes in its own usage row; a rawHtml one 1 ×', async () => {
    const { key, accountId } = await meteredKey({ requests_per_second: 96, concurrency: 10 });
    expect(await isMetered(key, 96)).toBe(true);
    const markdown = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, formats: ['markdown'], cache_ttl: 0 },
    });
    const raw = await api('/v1/scrape', { key, body: { url: `${site.url}/html`, cache_ttl: 0 } });
    expect([markdown.status, raw.status]).toEqual([200, 200]);
    const wire = markdown.json.contentLength as number;
    expect(raw.json.contentLength).toBe(wire);
    expect((await quotaUsage(accountId)).settled_bytes).toBe(Math.ceil(wire * 1.5) + wire);
    const usage = await api(`/v1/usage/by-endpoint?from=${today()}&to=${today()}`, { key });
    const rows = Object.fromEntries(usage.json.rows.map((r: { endpoint: string }) => [r.endpoint, r]));
    expect(rows['/v1/scrape (markdown)']).toMatchObject({ raw_bytes: wire, billing_multiplier: 1.5 });
    expect(rows['/v1/scrape']).toMatchObject({
      raw_bytes: wire,
      billing_multiplier: 1,
      billable_bytes: wire,
    });
  });

  it('a scrape that fails to capture costs nothing and frees its slot', async () => {
    const { key, accountId } = await meteredKey({ requests_per_second: 95, concurrency: 1 });
    expect(await isMetered(key, 95)).toBe(true);
    const failed = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/slow?ms=3000`, timeout_ms: 1000 },
    });
    expect(failed.status).toBe(500);
    expect(failed.json.error).toMatchObject({ code: 'internal_error', details: { reason: 'timeout' } });
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 0, pending_bytes: 0, leases: 0 });
  });

  it('an async scrape holds its slot until the job has run, then settles', async () => {
    const { key, accountId } = await meteredKey({ requests_per_second: 94, concurrency: 5 });
    expect(await isMetered(key, 94)).toBe(true);
    const queued = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, async: true, cache_ttl: 0 },
    });
    expect(queued.status).toBe(202);
    let status = 'queued';
    for (let i = 0; i < 100 && status !== 'completed' && status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await api(`/v1/scrape/${queued.json.id}`, { key })).json.status;
    }
    expect(status).toBe('completed');
    const usage = await quotaUsage(accountId);
    expect(usage).toMatchObject({ pending_bytes: 0, leases: 0 });
    expect(usage.settled_bytes).toBeGreaterThan(0);
  });

  it('200 parallel fetches against a quota that fits exactly 50: 50 succeed, 150 get 402', {
    timeout: 180_000,
  }, async () => {
    const wire = Buffer.byteLength(FIXTURE_TEXT);
    const { key, accountId } = await meteredKey({
      requests_per_second: 10_000,
      concurrency: 10_000,
      monthly_quota_bytes: 50 * wire,
    });
    expect(await isMetered(key, 10_000)).toBe(true);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        api('/v1/fetch', { key, body: { url: `${site.url}/text`, cache_ttl: 0 } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 402)).toHaveLength(150);
    expect(
      responses.filter((r) => r.status === 402).every((r) => r.json.error.code === 'quota_exceeded'),
    ).toBe(true);
    expect(await quotaUsage(accountId)).toMatchObject({
      settled_bytes: 50 * wire,
      pending_bytes: 0,
      leases: 0,
    });
  });

  it('admits at most the rate limit per one-second window; a 429 names the limit and when to retry', async () => {
    const limit = 3;
    const { key } = await meteredKey({ requests_per_second: limit, concurrency: 100 });
    const responses: ApiResponse[] = [];
    const burst = async () => {
      const answers = await Promise.all(
        Array.from({ length: 3 * limit }, () => api('/v1/fetch', { key, body: { url: `${site.url}/text` } })),
      );
      responses.push(...answers);
      return answers;
    };
    await until(burst, (answers) => answers.some((r) => r.status === 429), 'a request over the rate limit');

    // X-RateLimit-Reset names the window a request was admitted in.
    const perWindow = new Map<string | null, number>();
    for (const response of responses) {
      expect([200, 429]).toContain(response.status);
      expect(response.headers.get('x-ratelimit-limit')).toBe(String(limit));
      if (response.status !== 200) continue;
      const window = response.headers.get('x-ratelimit-reset');
      perWindow.set(window, (perWindow.get(window) ?? 0) + 1);
    }
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(limit);
    const limited = responses.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const response of limited) {
      expect(response.json.error.code).toBe('rate_limited');
      expect(response.json.error.message).toContain(
        `${response.headers.get('x-ratelimit-limit')} requests per second`,
      );
      expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('a slot held by a request whose process was killed is refused until its lease expires', {
    timeout: 120_000,
  }, async () => {
    const { key, accountId } = await meteredKey({ requests_per_second: 1000, concurrency: 1 });
    // The lease's expiry is written by the process that admits, from its own lease length: long
    // enough that a loaded CI machine still sends the next request before it ends.
    const instance = await startApiInstance({ CONCURRENCY_LEASE_SECONDS: '10' });
    try {
      const slow = fetch(`${instance.baseUrl}/v1/fetch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${site.url}/slow?ms=60000`, cache_ttl: 0 }),
      }).then(
        () => 'answered',
        () => 'connection lost',
      );
      await until(
        () => quotaUsage(accountId),
        (usage) => usage.leases === 1,
        'the slow request to hold the slot',
      );
      await instance.kill();
      expect(await slow).toBe('connection lost');

      // The next request, on the test runtime's own server, finds the dead process's slot still held…
      const next = () => api('/v1/fetch', { key, body: { url: `${site.url}/text`, cache_ttl: 0 } });
      const refused = await next();
      expect(refused.status).toBe(429);
      expect(refused.json.error.code).toBe('concurrency_limit');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      // …and, retried as a client would after Retry-After, gets it once the lease has expired.
      const admitted = await until(next, (r) => r.status !== 429, "the dead request's lease to expire", {
        intervalMs: retryAfter * 1000,
        timeoutMs: 60_000,
      });
      expect(admitted.status).toBe(200);
      // The purge took the dead request's estimate back out: only the capture that ran is billed.
      expect(await quotaUsage(accountId)).toMatchObject({
        leases: 0,
        pending_bytes: 0,
        settled_bytes: Buffer.byteLength(FIXTURE_TEXT),
      });
    } finally {
      await instance.kill();
    }
  });

  it('with slow upstreams, the (N+1)th request gets 429 concurrency_limit with Retry-After', async () => {
    const N = 2;
    const { key } = await meteredKey({ requests_per_second: 1000, concurrency: N });
    expect(await isMetered(key, 1000)).toBe(true);
    const responses = await Promise.all(
      Array.from({ length: N + 1 }, () =>
        api('/v1/fetch', { key, body: { url: `${site.url}/slow?ms=1500`, cache_ttl: 0 } }),
      ),
    );
    const limited = responses.filter((r) => r.status === 429);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(N);
    expect(limited).toHaveLength(1);
    expect(limited[0]?.json.error.code).toBe('concurrency_limit');
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
