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
  type Admission,
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

    // Interleaved: every iteration runs each operation once, so load on the machine hits them alike.
    let pending: Admission | undefined;
    const operations: { name: string; run: () => Promise<void> }[] = [
      {
        name: 'bare GetItem (account item)',
        run: async () => {
          await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: accountKey(accountId) }));
        },
      },
      {
        name: 'bare UpdateItem (ADD a counter)',
        run: async () => {
          await dynamoClient().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: { pk: `BENCH#${accountId}`, sk: 'COUNTER' },
              UpdateExpression: 'ADD n :one',
              ExpressionAttributeValues: { ':one': 1 },
            }),
          );
        },
      },
      {
        name: 'admit (account cached)',
        run: async () => {
          pending = await admit({ accountId, endpoint: '/v1/scrape' });
        },
      },
      {
        name: 'settle + release of that admission',
        run: async () => {
          if (pending) await settle(pending, { wireBytes: 10_000, factor: 1.5 });
        },
      },
      {
        name: 'admit + rollback (failed capture)',
        run: async () => {
          await rollback(await admit({ accountId, endpoint: '/v1/scrape' }));
        },
      },
      {
        name: 'admit + settle + release',
        run: async () => {
          await settle(await admit({ accountId, endpoint: '/v1/scrape' }), {
            wireBytes: 10_000,
            factor: 1.5,
          });
        },
      },
      {
        name: 'admit + settle, account read (cache miss)',
        run: async () => {
          process.env.ACCOUNT_CACHE_SECONDS = '0';
          try {
            await settle(await admit({ accountId, endpoint: '/v1/scrape' }), {
              wireBytes: 10_000,
              factor: 1.5,
            });
          } finally {
            delete process.env.ACCOUNT_CACHE_SECONDS;
          }
        },
      },
    ];
    const samples = operations.map(() => ({ times: [] as number[], sends: 0 }));
    for (let i = 0; i < iterations; i++) {
      for (const [index, operation] of operations.entries()) {
        const sample = samples[index] as { times: number[]; sends: number };
        const mark = sends.count;
        const start = performance.now();
        await operation.run();
        sample.times.push(performance.now() - start);
        sample.sends += sends.count - mark;
      }
    }
    for (const [index, operation] of operations.entries()) {
      const sample = samples[index] as { times: number[]; sends: number };
      sample.times.sort((a, b) => a - b);
      rows.push({
        operation: operation.name,
        n: iterations,
        roundTrips: sample.sends / iterations,
        p50: percentile(sample.times, 50),
        p95: percentile(sample.times, 95),
      });
    }

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
