/**
 * Admission overhead per request against DynamoDB Local (started by the local runtime):
 * DynamoDB round trips (every HTTP attempt the SDK sends, counted by a client middleware) and
 * time for admit, settle (which releases the slot) and the whole cycle, next to a bare GetItem.
 *
 *   npx tsx bench/admission.ts [iterations=300] [parallel=200]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalRuntime } from '@webcapture/local';
import {
  accountKey,
  admit,
  createAccount,
  dynamoClient,
  rollback,
  setAccountOverrides,
  settle,
  tableName,
} from '@webcapture/service';

const iterations = Number(process.argv[2] ?? 300);
const parallel = Number(process.argv[3] ?? 200);

const sends = { count: 0, errors: new Map<string, number>() };

function countSends(): void {
  dynamoClient().middlewareStack.add(
    (next) => async (args) => {
      sends.count++;
      try {
        return await next(args);
      } catch (error) {
        const name = (error as Error).name;
        sends.errors.set(name, (sends.errors.get(name) ?? 0) + 1);
        throw error;
      }
    },
    // Below the retry middleware: one count per HTTP attempt.
    { step: 'deserialize', name: 'countRoundTrips' },
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Row {
  operation: string;
  n: number;
  roundTrips: number;
  p50: number;
  p95: number;
}

async function measure(operation: string, n: number, run: () => Promise<void>): Promise<Row> {
  const times: number[] = [];
  const before = sends.count;
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    operation,
    n,
    roundTrips: (sends.count - before) / n,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  };
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'webcapture-bench-'));
  const runtime = await startLocalRuntime({ dataDir, quiet: true, env: { KEY_ENVIRONMENT: 'test' } });
  Object.assign(process.env, runtime.env);
  try {
    countSends();
    const account = await createAccount({ name: 'bench' });
    await setAccountOverrides(account.id, { requests_per_second: 100_000, concurrency: 100_000 });
    const accountId = account.id;
    const rows: Row[] = [];

    // Warm-up: connections, JIT, the meter item and the per-process account cache.
    for (let i = 0; i < 20; i++) {
      await settle(await admit({ accountId, endpoint: '/v1/scrape' }), { wireBytes: 1, factor: 1 });
    }

    rows.push(
      await measure('bare GetItem (account)', iterations, async () => {
        await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: accountKey(accountId) }));
      }),
    );
    rows.push(
      await measure('bare UpdateItem (ADD counter)', iterations, async () => {
        await dynamoClient().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: `BENCH#${accountId}`, sk: 'COUNTER' },
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': 1 },
          }),
        );
      }),
    );
    rows.push(
      await measure('admit + rollback (failed capture)', iterations, async () => {
        await rollback(await admit({ accountId, endpoint: '/v1/scrape' }));
      }),
    );
    const admitTimes: number[] = [];
    const settleTimes: number[] = [];
    let admitSends = 0;
    let settleSends = 0;
    for (let i = 0; i < iterations; i++) {
      let mark = sends.count;
      let start = performance.now();
      const a = await admit({ accountId, endpoint: '/v1/scrape' });
      admitTimes.push(performance.now() - start);
      admitSends += sends.count - mark;
      mark = sends.count;
      start = performance.now();
      await settle(a, { wireBytes: 10_000, factor: 1.5 });
      settleTimes.push(performance.now() - start);
      settleSends += sends.count - mark;
    }
    admitTimes.sort((a, b) => a - b);
    settleTimes.sort((a, b) => a - b);
    rows.push({
      operation: 'admit (account cached)',
      n: iterations,
      roundTrips: admitSends / iterations,
      p50: percentile(admitTimes, 50),
      p95: percentile(admitTimes, 95),
    });
    rows.push({
      operation: 'settle + release (2 writes sent together)',
      n: iterations,
      roundTrips: settleSends / iterations,
      p50: percentile(settleTimes, 50),
      p95: percentile(settleTimes, 95),
    });
    rows.push(
      await measure('admit + settle + release', iterations, async () => {
        await settle(await admit({ accountId, endpoint: '/v1/scrape' }), { wireBytes: 10_000, factor: 1.5 });
      }),
    );
    process.env.ACCOUNT_CACHE_SECONDS = '0';
    rows.push(
      await measure('admit + settle, account not cached', iterations, async () => {
        await settle(await admit({ accountId, endpoint: '/v1/scrape' }), { wireBytes: 10_000, factor: 1.5 });
      }),
    );
    delete process.env.ACCOUNT_CACHE_SECONDS;

    // Contention: one account, `parallel` requests at once (the 200-against-50 test's shape).
    const before = sends.count;
    sends.errors.clear();
    const start = performance.now();
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        const a = await admit({ accountId, endpoint: '/v1/fetch' });
        await settle(a, { wireBytes: 1000, factor: 1 });
      }),
    );
    const wall = performance.now() - start;

    console.log(`\nAdmission overhead, DynamoDB Local, ${iterations} sequential requests per line\n`);
    console.log('| operation | round trips / request | p50 ms | p95 ms |');
    console.log('|---|---|---|---|');
    for (const row of rows) {
      console.log(
        `| ${row.operation} | ${row.roundTrips.toFixed(2)} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} |`,
      );
    }
    console.log(
      `\n${parallel} parallel admit+settle on one account: ${wall.toFixed(0)} ms wall, ` +
        `${((sends.count - before) / parallel).toFixed(2)} round trips / request, errors: ${
          JSON.stringify(Object.fromEntries(sends.errors)) || '{}'
        }`,
    );
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
