import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { bulkBatchRecovery, type RecoverableUnit, recoverySweep } from '@webcapture/jobs';
import {
  type BulkBatchMessage,
  batchKey,
  claimBulkBatch,
  commitBulkBatch,
  createBulkJob,
  dynamoClient,
  MAX_RECOVERIES,
  type StuckBulkBatch,
  tableName,
  usageByEndpoint,
} from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { until } from './support/until';

/**
 * Issue 23 through the local runtime: the recovery sweep queues again a bulk batch whose message
 * is gone, fails one recovered too often as the dead-letter path does (free), and cancel leaves no
 * item queued or running. Each sweep here is scoped to its own job (other test files' jobs share
 * the table) and judged by a clock an hour ahead, past every grace.
 */
let site: FixtureSite;

vi.setConfig({ testTimeout: 90_000 });

beforeAll(async () => {
  ({ site } = await startCaptureTestbed());
});
afterAll(() => site.close());

const HOUR_AHEAD = () => Date.now() + 3600_000;

/** A bulk fetch job whose messages were never sent (lost): the test holds them. */
async function jobWithLostMessages(accountId: string, count: number) {
  let messages: BulkBatchMessage[] = [];
  const job = await createBulkJob({
    accountId,
    kind: 'fetch',
    options: { country: 'US', timeout_ms: 10_000, cache_ttl: 0 },
    items: Array.from({ length: count }, (_, i) => ({ url: `${site.url}/html?lost=${i}` })),
    webhook: null,
    custom: { lost: true },
    send: async (batches) => {
      messages = batches;
    },
  });
  return { job, messages };
}

/** The bulk unit of the sweep, seeing only `jobId`'s batches. */
function onlyJob(jobId: string): RecoverableUnit<StuckBulkBatch> {
  return {
    ...bulkBatchRecovery,
    findStuck: async (now, limit) =>
      (await bulkBatchRecovery.findStuck(now, limit)).filter((stuck) => stuck.ref.jobId === jobId),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: job bodies are asserted field by field.
async function readJob(id: string, key: string): Promise<any> {
  const { status, json } = await api(`/v1/fetch/bulk/${id}?limit=100`, { key });
  expect(status).toBe(200);
  return json;
}

describe('the recovery sweep', () => {
  it('queues again a batch whose message is gone; its items complete, each billed once', async () => {
    const { key, accountId } = await newAccountWithKey();
    const { job } = await jobWithLostMessages(accountId, 12);
    const unit = onlyJob(job.id);
    // Within the grace: not stuck yet.
    expect(await recoverySweep([unit])).toEqual({ bulk: { requeued: 0, failed: 0 } });
    expect(await recoverySweep([unit], HOUR_AHEAD())).toEqual({ bulk: { requeued: 2, failed: 0 } });
    const done = await until(
      () => readJob(job.id, key),
      (read) => read.status !== 'queued' && read.status !== 'running',
      'the recovered job to finish',
      { timeoutMs: 60_000 },
    );
    expect(done.status).toBe('completed');
    expect(done.items.map((item: { status: string }) => item.status)).toEqual(Array(12).fill('completed'));
    const today = new Date().toISOString().slice(0, 10);
    const usage = await usageByEndpoint(accountId, { from: today, to: today });
    const row = usage.rows.find((r) => r.endpoint === '/v1/fetch/bulk');
    expect(row?.requests).toBe(12);
    expect(row?.billable_bytes).toBe(done.billed_bytes);
  });

  it(`fails a batch recovered ${MAX_RECOVERIES} times already, free, as the dead-letter path does`, async () => {
    const { key, accountId } = await newAccountWithKey();
    const { job } = await jobWithLostMessages(accountId, 4);
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: batchKey(job.id, 0),
        UpdateExpression: 'SET recoveries = :n',
        ExpressionAttributeValues: { ':n': MAX_RECOVERIES },
      }),
    );
    expect(await recoverySweep([onlyJob(job.id)], HOUR_AHEAD())).toEqual({
      bulk: { requeued: 0, failed: 1 },
    });
    const ended = await readJob(job.id, key);
    expect(ended).toMatchObject({ status: 'failed', billed_bytes: 0, counts: { failed: 4, completed: 0 } });
    for (const item of ended.items) {
      expect(item).toMatchObject({
        status: 'failed',
        billed_bytes: 0,
        error: { details: { reason: 'worker_died' } },
      });
    }
    // Ended: out of the recovery index.
    expect(await recoverySweep([onlyJob(job.id)], HOUR_AHEAD())).toEqual({
      bulk: { requeued: 0, failed: 0 },
    });
  });
});

describe('cancel', () => {
  it('leaves no item queued or running; a running batch that commits later still adds up', async () => {
    const { key, accountId } = await newAccountWithKey();
    const { job, messages } = await jobWithLostMessages(accountId, 15);
    const [first] = messages as [BulkBatchMessage];
    // Batch 0 is running (a worker claimed it), batch 1 is queued.
    const token = randomUUID();
    expect(await claimBulkBatch(first, token, Date.now() + 600_000)).toBe('claimed');
    expect((await readJob(job.id, key)).counts).toMatchObject({ running: 10, queued: 5 });

    const cancelled = await api(`/v1/bulk/${job.id}`, { key, method: 'DELETE' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const after = await readJob(job.id, key);
    expect(after.status).toBe('cancelled');
    expect(after.counts).toEqual({
      total: 15,
      queued: 0,
      running: 0,
      completed: 0,
      failed: 0,
      cancelled: 15,
    });
    expect(new Set(after.items.map((item: { status: string }) => item.status))).toEqual(
      new Set(['cancelled']),
    );

    // The running batch's worker finishes after the cancel: its items are recorded, the rest stay cancelled.
    const outcomes = first.items.map((item) => ({
      index: item.index,
      status: 'completed' as const,
      upstreamStatus: 200,
      contentType: 'text/html',
      contentLength: 10,
      resultKey: null,
      error: null,
    }));
    expect(await commitBulkBatch(first, token, outcomes, undefined)).toBe('committed');
    const late = await readJob(job.id, key);
    expect(late.status).toBe('cancelled');
    expect(late.counts).toEqual({ total: 15, queued: 0, running: 0, completed: 10, failed: 0, cancelled: 5 });
    expect(late.items.filter((item: { status: string }) => item.status === 'cancelled')).toHaveLength(5);
    // The queued batch of a cancelled job is not run when the sweep finds it: it leaves the index.
    expect(await recoverySweep([onlyJob(job.id)], HOUR_AHEAD())).toEqual({
      bulk: { requeued: 1, failed: 0 },
    });
    await until(
      () => recoverySweep([onlyJob(job.id)], Date.now() + 48 * 3600_000),
      (counts) => counts.bulk?.requeued === 0,
      'the stopped batch to leave the recovery index',
    );
    expect((await readJob(job.id, key)).counts.cancelled).toBe(5);
  });
});
