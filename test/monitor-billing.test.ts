import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { runDueMonitorCheck } from '@webcapture/jobs';
import { runMonitorCheck } from '@webcapture/scraping';
import {
  admit,
  billingRecord,
  claimScheduledCheck,
  dynamoClient,
  monitorKey,
  quotaUsage,
  rollback,
  setAccountOverrides,
  settle,
  tableName,
  usageByEndpoint,
} from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MonitoredPage, type MonitorSite, startMonitorSite } from './fixtures/monitor-site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { makeDue } from './support/monitor-due';

/**
 * Issue 26's billing, atomic with the check (never half-charged): a check's charge is settled in
 * the transaction that records it, so N checks are N usage requests however their messages repeat,
 * and a commit that is refused leaves neither a check nor a charge.
 */
vi.setConfig({ testTimeout: 90_000 });

let site: MonitorSite;
beforeAll(async () => {
  site = await startMonitorSite();
});
afterAll(() => site.close());

const ARTICLE: MonitoredPage = {
  title: 'Billing Widget',
  paragraphs: [
    'The Billing Widget is watched on a schedule, and every check that reads it is billed as one scrape.',
    'A check whose message comes back after its commit is not billed again, and a refused commit bills nothing.',
  ],
  items: ['One', 'Two', 'Three'],
  price: '$12.00',
};

const today = () => new Date().toISOString().slice(0, 10);

async function monitorsRow(accountId: string) {
  const usage = await usageByEndpoint(accountId, { from: today(), to: today() });
  return usage.rows.find((row) => row.endpoint === '/v1/monitors');
}

/** A monitor created paused (no check runs before the test's own), then active when `active`. */
async function pausedMonitor(key: string, path: string, active = false) {
  const created = await api('/v1/monitors', { key, body: { url: site.set(path, ARTICLE), paused: true } });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  if (active) await api(`/v1/monitors/${id}`, { key, method: 'PATCH', body: { paused: false } });
  return id;
}

async function checksOf(key: string, id: string) {
  const answer = await api(`/v1/monitors/${id}/checks`, { key });
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data as Array<{ status: string; error: { reason?: string } | null }>;
}

async function monitorRecord(accountId: string, id: string) {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: monitorKey(accountId, id), ConsistentRead: true }),
  );
  return Item as Record<string, unknown>;
}

describe('monitor checks are billed in the transaction that records them', () => {
  it('bills N scheduled checks as N requests; a redelivered check message bills nothing more', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const id = await pausedMonitor(key, `/billed/${randomUUID()}`, true);
    for (let i = 0; i < 3; i++) {
      const message = { accountId, monitorId: id, dueAt: await makeDue(accountId, id) };
      await runDueMonitorCheck(message);
      // SQS delivers at least once: the same message again finds its due time claimed and run.
      await runDueMonitorCheck(message);
    }
    expect((await checksOf(key, id)).map((check) => check.status)).toEqual(['same', 'same', 'new']);
    const row = await monitorsRow(accountId);
    expect(row?.requests).toBe(3);
    expect(row?.billable_bytes).toBeGreaterThan(0);
    const quota = await quotaUsage(accountId);
    // The month's counter holds exactly what the usage row does, and every slot was given back.
    expect(quota.settled_bytes).toBe(row?.billable_bytes);
    expect(quota.pending_bytes).toBe(0);
    expect(quota.leases).toBe(0);
  });

  it('records neither check nor charge when the commit is refused because the claim was lost', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const id = await pausedMonitor(key, `/lost/${randomUUID()}`, true);
    const dueAt = await makeDue(accountId, id);
    const admission = await admit({ accountId, endpoint: '/v1/monitors', bulk: true });
    const claim = await claimScheduledCheck(accountId, id, dueAt);
    expect(claim).toBeDefined();
    // Another worker took the check over while this one fetched the page.
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: monitorKey(accountId, id),
        UpdateExpression: 'SET claim_token = :other',
        ExpressionAttributeValues: { ':other': randomUUID() },
      }),
    );
    expect(await runMonitorCheck(claim as NonNullable<typeof claim>, { admission })).toBeUndefined();
    expect(await checksOf(key, id)).toEqual([]);
    expect(await monitorsRow(accountId)).toBeUndefined();
    expect((await quotaUsage(accountId)).settled_bytes).toBe(0);
    // The admission was left unsettled by the refused commit: the caller's rollback ends it.
    expect(await rollback(admission)).toBe('rolled_back');
  });

  it('records an error check, free and keeping the baseline, when the charge no longer fits the quota', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const quotaBytes = 1_000_000;
    await setAccountOverrides(accountId, { monthly_quota_bytes: quotaBytes });
    const path = `/quota/${randomUUID()}`;
    const id = await pausedMonitor(key, path);
    const baseline = await api(`/v1/monitors/${id}/check`, { key, method: 'POST' });
    expect(baseline.json).toMatchObject({ status: 'new' });
    const baselineKey = (await monitorRecord(accountId, id)).baseline_key;
    const billedBefore = await monitorsRow(accountId);
    expect(billedBefore?.requests).toBe(1);

    // Other work uses the quota up to 10 bytes: admission still lets the check in (the month is not
    // used up), but its charge no longer fits when it commits.
    const other = await admit({ accountId, endpoint: '/v1/scrape' });
    const used = (await quotaUsage(accountId)).settled_bytes;
    await settle(other, billingRecord({ kind: 'fetch', wireBytes: quotaBytes - used - 10 }));
    site.set(path, { ...ARTICLE, price: '$9.00' });

    const refused = await api(`/v1/monitors/${id}/check`, { key, method: 'POST' });
    expect(refused.status, refused.text).toBe(200);
    expect(refused.json).toMatchObject({
      status: 'error',
      diff: null,
      error: { code: 'check_failed', reason: 'quota_exceeded' },
    });
    // Nothing billed: the row's bytes are the baseline's alone (a free check may count as a 0-byte request).
    const after = await monitorsRow(accountId);
    expect(after?.billable_bytes).toBe(billedBefore?.billable_bytes);
    expect(after?.raw_bytes).toBe(billedBefore?.raw_bytes);
    expect((await quotaUsage(accountId)).settled_bytes).toBe(quotaBytes - 10);
    expect((await monitorRecord(accountId, id)).baseline_key).toBe(baselineKey);
  });
});
