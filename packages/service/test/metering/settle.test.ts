import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admit, dayOf, quotaUsage, settle, usageByEndpoint } from '../../src';
import { type FaultProxy, startFaultProxy } from './fault-proxy';
import { meteredAccount, rejection } from './support';

/**
 * Settle when a write goes wrong, against DynamoDB Local behind a proxy that drops connections
 * (this file's SDK client is created after the endpoint is pointed at the proxy).
 */
let proxy: FaultProxy;
let direct: string;
beforeAll(async () => {
  direct = process.env.AWS_ENDPOINT_URL_DYNAMODB as string;
  proxy = await startFaultProxy(direct);
  process.env.AWS_ENDPOINT_URL_DYNAMODB = proxy.endpoint;
});
afterAll(async () => {
  process.env.AWS_ENDPOINT_URL_DYNAMODB = direct;
  await proxy.close();
});

const HIGH = { requests_per_second: 10_000, concurrency: 10_000 };
const MARKDOWN_1000 = { wireBytes: 1000, factor: 1.5 };

/** The meter write of settle (not rollback's, not admission's) for one admission. */
const settleWriteOf = (leaseId: string) => (request: string) =>
  request.includes(leaseId) && request.includes('#settled :charge');
const usageWriteOf = (accountId: string) => (request: string) =>
  request.includes(`ACCT#${accountId}`) && request.includes('ADD raw_bytes');

async function usageTotals(accountId: string) {
  const today = dayOf(new Date());
  return (await usageByEndpoint(accountId, { from: today, to: today })).totals;
}

/** One markdown capture of 1000 wire bytes, billed exactly once: meter, slot and usage row agree. */
async function expectChargedOnce(accountId: string) {
  expect(await quotaUsage(accountId)).toMatchObject({
    settled_bytes: 1500,
    pending_bytes: 0,
    requests: 1,
    leases: 0,
  });
  expect(await usageTotals(accountId)).toEqual({
    raw_bytes: 1000,
    billable_bytes: 1500,
    requests: 1,
    credits: 0,
  });
}

describe('settle, repeated or interrupted', () => {
  it('a second settle of the same admission charges nothing more', async () => {
    const accountId = await meteredAccount(HIGH);
    const admission = await admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 4096 });
    const first = await settle(admission, MARKDOWN_1000);
    const second = await settle(admission, MARKDOWN_1000);
    expect(second).toEqual(first);
    await expectChargedOnce(accountId);
  });

  it('a settle whose answer was lost is charged once when the SDK retries it', async () => {
    const accountId = await meteredAccount(HIGH);
    const admission = await admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 4096 });
    const lost = proxy.inject({ matches: settleWriteOf(admission.leaseId), when: 'after', times: 1 });
    const settlement = await settle(admission, MARKDOWN_1000);
    expect(lost()).toBe(1);
    expect(settlement.billableBytes).toBe(1500);
    await expectChargedOnce(accountId);
  });

  it('a meter write that keeps failing rolls back: the slot and estimate are free at once', async () => {
    const accountId = await meteredAccount({ requests_per_second: 10_000, concurrency: 1 });
    const admission = await admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 4096 });
    const lost = proxy.inject({
      matches: settleWriteOf(admission.leaseId),
      when: 'before',
      times: Number.POSITIVE_INFINITY,
    });
    await expect(settle(admission, MARKDOWN_1000)).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(lost()).toBeGreaterThan(1); // the SDK's own retries were lost too
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 0, pending_bytes: 0, leases: 0 });
    expect(await usageTotals(accountId)).toEqual({
      raw_bytes: 0,
      billable_bytes: 0,
      requests: 0,
      credits: 0,
    });
    // The one slot is free now, not when the lease expires.
    expect(await rejection(admit({ accountId, endpoint: '/v1/scrape' }))).toBeUndefined();
  });

  it('a usage row that fails alongside the meter is written by a later attempt', async () => {
    const accountId = await meteredAccount(HIGH);
    const admission = await admit({ accountId, endpoint: '/v1/scrape' });
    // The write alongside the meter and the first retry, each with the SDK's three attempts.
    const lost = proxy.inject({ matches: usageWriteOf(accountId), when: 'before', times: 6 });
    await settle(admission, MARKDOWN_1000);
    expect(lost()).toBe(6);
    expect((await quotaUsage(accountId)).settled_bytes).toBe(1500);
    expect(await usageTotals(accountId)).toEqual({
      raw_bytes: 1000,
      billable_bytes: 1500,
      requests: 1,
      credits: 0,
    });
  });

  it('a charged request never fails over its usage row: it is logged for reconciliation', async () => {
    const accountId = await meteredAccount(HIGH);
    const admission = await admit({ accountId, endpoint: '/v1/scrape' });
    proxy.inject({ matches: usageWriteOf(accountId), when: 'before', times: Number.POSITIVE_INFINITY });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await settle(admission, MARKDOWN_1000)).billableBytes).toBe(1500);
      const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(lines).toContainEqual(
        expect.objectContaining({
          msg: expect.stringContaining('reconcile'),
          account_id: accountId,
          lease_id: admission.leaseId,
          endpoint: '/v1/scrape',
          raw_bytes: 1000,
          billable_bytes: 1500,
          requests: 1,
        }),
      );
    } finally {
      logged.mockRestore();
    }
    expect(await quotaUsage(accountId)).toMatchObject({ settled_bytes: 1500, pending_bytes: 0, leases: 0 });
  });
});
