import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from './fixtures/site';
import { api } from './support/api';
import { type RuntimeProcess, startRuntimeProcess } from './support/runtime-process';
import { until } from './support/until';

/**
 * The local runtime killed with SIGKILL in the middle of a bulk job and started again on the same
 * DATA_DIR (issue 23): nothing is lost — queued batches' messages are on disk, and the batch that
 * was running comes back once its message's visibility timeout ends and takes its expired claim
 * over. Every item completes, and each is billed once. With the queues' messages deleted as well,
 * the recovery sweep alone queues every unfinished batch again.
 */
const KEY = `sk_test_${'Cr4sh'.repeat(8)}`;
/** Items' timeout_ms: roomy, since the machine may be loaded; a batch's lease is ten of them + 30 s. */
const ITEM_TIMEOUT_MS = 3000;
/** Just past a batch's lease, so a dead worker's message comes back once its claim can be taken over. */
const VISIBILITY_SECONDS = 65;
const ITEMS = 30;

let site: FixtureSite;
let dataDir: string;
let runtime: RuntimeProcess | undefined;

/** `npm start`'s program (node, no npm in between) on this test's DATA_DIR. */
function startRuntime(): Promise<RuntimeProcess> {
  return startRuntimeProcess([process.execPath, '--import', 'tsx', 'packages/local/src/main.ts'], {
    PORT: '0',
    DATA_DIR: dataDir,
    BOOTSTRAP_API_KEY: KEY,
    ALLOW_PRIVATE_TARGETS: 'true',
    LOCAL_QUEUE_VISIBILITY_SECONDS: String(VISIBILITY_SECONDS),
    // The dead process's concurrency slots free themselves after this instead of 5 minutes.
    CONCURRENCY_LEASE_SECONDS: '20',
    // The recovery sweep every few seconds, finding batches a few seconds past their expected end.
    LOCAL_SCHEDULE_SECONDS: '5',
    RECOVERY_GRACE_SECONDS: '5',
  });
}

/** kill -9 of the whole group, as a crash or an OOM kill would: no shutdown code runs. */
async function killRuntime(started: { child: ChildProcess }): Promise<void> {
  // Already dead (a test failed between its kill and the restart): 'exit' would never come again.
  if (started.child.exitCode !== null || started.child.signalCode !== null) return;
  const exited = once(started.child, 'exit');
  process.kill(-(started.child.pid as number), 'SIGKILL');
  await exited;
}

beforeAll(async () => {
  site = await startFixtureSite();
  dataDir = await mkdtemp(join(tmpdir(), 'webcapture-crash-'));
});

afterAll(async () => {
  if (runtime) await killRuntime(runtime).catch(() => {});
  await site?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A bulk fetch job's status and its items' (the whole answer would drown a failure's message). */
async function readJob(job: string, baseUrl: string) {
  const { json } = await api(`/v1/fetch/bulk/${job}?limit=100`, { key: KEY, baseUrl });
  return {
    status: json.status as string,
    counts: json.counts,
    items: json.items as Array<{ status: string; content_length: number; billed_bytes: number }>,
  };
}

/**
 * Submits a job, kills the runtime once half its items reached the site, runs `whileDown`,
 * restarts on the same DATA_DIR and waits for the job to end: every item completed. Returns the
 * job as it ended.
 */
async function crashMidJob(whileDown: () => Promise<void>) {
  // The previous test's runtime, restarted on this DATA_DIR, when there is one.
  runtime ??= await startRuntime();
  // URLs no earlier job asked for: a cached answer would finish the job before any crash.
  const run = Date.now();
  const urls = Array.from({ length: ITEMS }, (_, i) => `${site.url}/slow?ms=250&run=${run}&item=${i}`);
  const requestsBefore = site.hits('/slow');
  const submitted = await api('/v1/fetch/bulk', {
    key: KEY,
    baseUrl: runtime.baseUrl,
    body: { urls, timeout_ms: ITEM_TIMEOUT_MS },
  });
  expect(submitted.status, submitted.text).toBe(202);
  const job = submitted.json.id as string;
  // Mid-job, judged by the fixture site's own count of requests (instant, unlike a read through a
  // loaded API, which once came back after every item had finished): half the items asked for.
  await until(
    async () => site.hits('/slow'),
    (hits) => hits >= requestsBefore + ITEMS / 2,
    'half the items to reach the site',
    { timeoutMs: 60_000, intervalMs: 10 },
  );
  await killRuntime(runtime);
  // Fewer requests than items had reached the site, so the restart has items left to finish.
  expect(site.hits('/slow') - requestsBefore).toBeLessThan(ITEMS);
  await whileDown();

  runtime = await startRuntime();
  const baseUrl = runtime.baseUrl;
  const finished = await until(
    () => readJob(job, baseUrl),
    (read) => read.status === 'completed' || read.status === 'failed',
    'the job to finish after the restart',
    { timeoutMs: 300_000, intervalMs: 1000 },
  );
  expect(finished.status).toBe('completed');
  expect(finished.items.map((item) => item.status)).toEqual(Array(ITEMS).fill('completed'));
  return { ...finished, baseUrl };
}

/** The account's usage row of /v1/fetch/bulk today. */
async function fetchBulkUsage(baseUrl: string) {
  const today = new Date().toISOString().slice(0, 10);
  const usage = await api(`/v1/usage/by-endpoint?from=${today}&to=${today}`, { key: KEY, baseUrl });
  return usage.json.rows.find((r: { endpoint: string }) => r.endpoint === '/v1/fetch/bulk');
}

const sum = (
  items: Array<{ content_length: number; billed_bytes: number }>,
  field: 'content_length' | 'billed_bytes',
) => items.reduce((total, item) => total + item[field], 0);

describe('kill -9 of the local runtime mid bulk job', () => {
  let firstJob: Awaited<ReturnType<typeof crashMidJob>>;

  it('finishes every item after a restart on the same DATA_DIR, billing each once', async () => {
    firstJob = await crashMidJob(async () => {});
    expect(await fetchBulkUsage(firstJob.baseUrl)).toMatchObject({
      requests: ITEMS,
      raw_bytes: sum(firstJob.items, 'content_length'),
      billable_bytes: sum(firstJob.items, 'billed_bytes'),
    });
  }, 420_000);

  it('finishes every item when the queued messages were lost too: the recovery sweep alone re-queues them', async () => {
    const finished = await crashMidJob(async () => {
      // The durable queues' journals gone: no message is left for any unfinished batch.
      expect(await readdir(join(dataDir, 'sqs'))).not.toEqual([]);
      await rm(join(dataDir, 'sqs'), { recursive: true, force: true });
    });
    // Both jobs' items, each billed exactly once.
    expect(await fetchBulkUsage(finished.baseUrl)).toMatchObject({
      requests: 2 * ITEMS,
      raw_bytes: sum(firstJob.items, 'content_length') + sum(finished.items, 'content_length'),
      billable_bytes: sum(firstJob.items, 'billed_bytes') + sum(finished.items, 'billed_bytes'),
    });
  }, 420_000);
});
