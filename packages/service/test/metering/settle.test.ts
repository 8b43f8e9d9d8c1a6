import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The settle transaction (not rollback's, not admission's) of one admission. */
const settleWriteOf = (leaseId: string) => (request: string) =>
  request.includes(leaseId) && request.includes('#settled :charge');

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

/** An account with one slot, held by a fresh admission whose every settle attempt is lost `when`. */
async function settleAlwaysLost(when: 'before' | 'after') {
  const accountId = await meteredAccount({ requests_per_second: 10_000, concurrency: 1 });
  const admission = await admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 4096 });
  const lost = proxy.inject({
    matches: settleWriteOf(admission.leaseId),
    when,
    times: Number.POSITIVE_INFINITY,
  });
  return { accountId, admission, lost };
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
    const { accountId, admission, lost } = await settleAlwaysLost('before');
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

  it('a settle whose every answer is lost still succeeds, charged and counted once', async () => {
    // DynamoDB applies the first attempt; it and the SDK's retries all lose their answers.
    const { accountId, admission, lost } = await settleAlwaysLost('after');
    const settlement = await settle(admission, MARKDOWN_1000);
    expect(lost()).toBeGreaterThan(1);
    expect(settlement.billableBytes).toBe(1500);
    await expectChargedOnce(accountId);
    expect(await rejection(admit({ accountId, endpoint: '/v1/scrape' }))).toBeUndefined();
  });

  it('a settle attempt lost before DynamoDB is sent again by the SDK and charged once', async () => {
    const accountId = await meteredAccount(HIGH);
    const admission = await admit({ accountId, endpoint: '/v1/scrape', estimateBytes: 4096 });
    proxy.inject({ matches: settleWriteOf(admission.leaseId), when: 'before', times: 1 });
    // The SDK's second attempt goes through: one charge, one row.
    await settle(admission, MARKDOWN_1000);
    await expectChargedOnce(accountId);
  });
});
