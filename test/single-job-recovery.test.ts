import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { scrapeBody, scrapeRequestFields } from '@webcapture/http';
import {
  type RecoverableUnit,
  recoverySweep,
  scrapeJobRecovery,
  screenshotJobRecovery,
} from '@webcapture/jobs';
import {
  admit,
  claimScrapeJob,
  dynamoClient,
  MAX_RECOVERIES,
  newId,
  quotaUsage,
  recordScrapeJob,
  type StuckSingleJob,
  tableName,
  usageByEndpoint,
} from '@webcapture/service';
import { describe, expect, it, vi } from 'vitest';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { until } from './support/until';
import { expireLease, pendingScreenshot, useSiteAndReceiver } from './support/webhook-outbox';

/**
 * Issue 23's gap for single jobs: an async scrape or a screenshot handed to its worker whose
 * message was lost (a crash between the record's write and the send) or whose worker died after
 * its message was gone is sent again by the recovery sweep, completes once and is billed once; one
 * that keeps getting stuck ends failed, free, as the dead-letter path ends it. Each sweep here sees
 * only its own job (other files' jobs share the table) and is judged by a clock an hour ahead.
 */
vi.setConfig({ testTimeout: 120_000 });
const fixtures = useSiteAndReceiver();

const HOUR_AHEAD = () => Date.now() + 3600_000;

/** `unit` of the sweep, seeing only job `id`. */
function only(unit: RecoverableUnit<StuckSingleJob>, id: string): RecoverableUnit<StuckSingleJob> {
  return {
    ...unit,
    findStuck: async (now, limit) => (await unit.findStuck(now, limit)).filter((stuck) => stuck.id === id),
  };
}

/** An async scrape as POST /v1/scrape records it, under its own admission, whose message never went out. */
async function scrapeWithLostMessage(accountId: string, url: string) {
  const id = newId('sc');
  const request = scrapeRequestFields(scrapeBody.parse({ async: true, url }));
  await recordScrapeJob(accountId, id, request, await admit({ accountId, endpoint: '/v1/scrape' }));
  return id;
}

/** Marks a job record (`sk`: `SCRAPE#…`, `SHOT#…`) as sent again MAX_RECOVERIES times already. */
async function recoveredTooOften(accountId: string, sk: string) {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `ACCT#${accountId}`, sk },
      UpdateExpression: 'SET recoveries = :n',
      ExpressionAttributeValues: { ':n': MAX_RECOVERIES },
    }),
  );
}

async function scrapeUsage(accountId: string) {
  const today = new Date().toISOString().slice(0, 10);
  const { rows } = await usageByEndpoint(accountId, { from: today, to: today });
  return rows.filter((row) => row.endpoint.startsWith('/v1/scrape'));
}

const ended = (key: string, path: string) =>
  until(
    () => api(path, { key }),
    (read) => read.json.status === 'completed' || read.json.status === 'failed',
    `${path} to end`,
    { timeoutMs: 90_000 },
  );

describe('the recovery sweep and single async jobs', () => {
  it('sends again a scrape whose message was lost; it completes once and is billed once', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const id = await scrapeWithLostMessage(accountId, `${fixtures.site.url}/html?lost=scrape`);
    const unit = only(scrapeJobRecovery, id);
    // Within the grace: not stuck yet.
    expect(await recoverySweep([unit])).toEqual({ scrape: { requeued: 0, failed: 0 } });
    expect(await recoverySweep([unit], HOUR_AHEAD())).toEqual({ scrape: { requeued: 1, failed: 0 } });
    expect((await ended(key, `/v1/scrape/${id}`)).json.status).toBe('completed');
    const rows = await scrapeUsage(accountId);
    expect(rows.reduce((sum, row) => sum + row.requests, 0)).toBe(1);
    expect((await quotaUsage(accountId)).settled_bytes).toBe(rows[0]?.billable_bytes);
    // Ended: out of the recovery index, so a later sweep sends nothing.
    expect(await recoverySweep([unit], HOUR_AHEAD())).toEqual({ scrape: { requeued: 0, failed: 0 } });
  });

  it('takes over a scrape whose worker died after its message was gone', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const id = await scrapeWithLostMessage(accountId, `${fixtures.site.url}/html?lost=worker`);
    const unit = only(scrapeJobRecovery, id);
    // A worker claims the job and dies. While its lease lasts, the job is not stuck.
    expect('request' in (await claimScrapeJob(accountId, id))).toBe(true);
    expect(await recoverySweep([unit], Date.now() + 60_000)).toEqual({ scrape: { requeued: 0, failed: 0 } });
    await expireLease(accountId, `SCRAPE#${id}`);
    expect(await recoverySweep([unit], HOUR_AHEAD())).toEqual({ scrape: { requeued: 1, failed: 0 } });
    expect((await ended(key, `/v1/scrape/${id}`)).json.status).toBe('completed');
    expect((await scrapeUsage(accountId)).reduce((sum, row) => sum + row.requests, 0)).toBe(1);
  });

  it(`fails a scrape recovered ${MAX_RECOVERIES} times already, free, its slot given back`, async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const id = await scrapeWithLostMessage(accountId, `${fixtures.site.url}/html?lost=dying`);
    await recoveredTooOften(accountId, `SCRAPE#${id}`);
    const unit = only(scrapeJobRecovery, id);
    expect(await recoverySweep([unit], HOUR_AHEAD())).toEqual({ scrape: { requeued: 0, failed: 1 } });
    const read = await api(`/v1/scrape/${id}`, { key });
    expect(read.json).toMatchObject({ status: 'failed', error: { details: { reason: 'worker_died' } } });
    const quota = await quotaUsage(accountId);
    expect(quota).toMatchObject({ settled_bytes: 0, pending_bytes: 0, leases: 0 });
    expect(await scrapeUsage(accountId)).toEqual([]);
    expect(await recoverySweep([unit], HOUR_AHEAD())).toEqual({ scrape: { requeued: 0, failed: 0 } });
  });

  it('sends again a screenshot whose message was lost, and fails one recovered too often, free', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const lost = await pendingScreenshot(accountId, { url: `${fixtures.site.url}/screenshot/colours` });
    const unit = only(screenshotJobRecovery, lost.id);
    expect(await recoverySweep([unit], HOUR_AHEAD())).toEqual({ screenshot: { requeued: 1, failed: 0 } });
    expect((await ended(key, `/v1/screenshots/${lost.id}`)).json.status).toBe('completed');

    // Another whose message was sent again MAX_RECOVERIES times, and lost each time.
    const dying = await pendingScreenshot(accountId, { url: `${fixtures.site.url}/screenshot/colours` });
    await recoveredTooOften(accountId, `SHOT#${dying.id}`);
    expect(await recoverySweep([only(screenshotJobRecovery, dying.id)], HOUR_AHEAD())).toEqual({
      screenshot: { requeued: 0, failed: 1 },
    });
    const failed = await api(`/v1/screenshots/${dying.id}`, { key });
    expect(failed.json).toMatchObject({ status: 'failed', error: { details: { reason: 'worker_died' } } });
  });
});
