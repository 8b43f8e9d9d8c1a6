/**
 * Admission overhead per request against DynamoDB Local (started by the local runtime):
 * DynamoDB round trips (every HTTP attempt the SDK sends, counted by a client middleware) and
 * time for admit, settle (which releases the slot) and the whole cycle, next to a bare GetItem.
 * Then the same through the local HTTP server: POST /v1/fetch of a cached fixture page on the
 * metered route, against the same route without the admission middleware.
 *
 *   npx tsx bench/admission.ts [iterations=300] [parallel=200]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defineRoute, fetchBody, fetchCapture, fetchPrecheck } from '@webcapture/http';
import { startLocalRuntime } from '@webcapture/local';
import {
  type Admission,
  accountKey,
  admit,
  createAccount,
  createApiKey,
  dynamoClient,
  rollback,
  setAccountOverrides,
  settle,
  tableName,
} from '@webcapture/service';
import { request } from 'undici';
import { moduleLoader } from '../packages/local/src/handler-modules';
import { startHttpServer } from '../packages/local/src/http-server';
import { startFixtureSite } from '../test/fixtures/site';

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
  const runtime = await startLocalRuntime({
    dataDir,
    quiet: true,
    env: { KEY_ENVIRONMENT: 'test', ALLOW_PRIVATE_TARGETS: 'true' },
  });
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
    const parallelSends = sends.count - before;
    const parallelErrors = JSON.stringify(Object.fromEntries(sends.errors));

    const http = await httpOverhead(runtime.baseUrl, accountId);

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
        `${(parallelSends / parallel).toFixed(2)} round trips / request, errors: ${parallelErrors}`,
    );
    printHttp(http);
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * POST /v1/fetch exactly as functions/fetch-post.ts declares it, without `metered`: the same
 * middlewares, authentication, validation, cache and capture; no admission, settle or usage row.
 */
const unmeteredFetch = defineRoute(
  'fetch-post',
  { body: fetchBody, precheck: fetchPrecheck },
  ({ body, event, captureBudgetMs }) => fetchCapture(body, event, captureBudgetMs(body.timeout_ms)),
);

interface HttpRow {
  name: string;
  roundTrips: number;
  p50: number;
  p95: number;
}

/**
 * The same cached fixture page fetched, interleaved, through the runtime's server (the manifest's
 * metered handler) and through a second server in this process whose POST /v1/fetch handler is
 * the unmetered one. Both run in this process on the one counted DynamoDB client.
 */
async function httpOverhead(meteredBaseUrl: string, accountId: string): Promise<HttpRow[]> {
  const site = await startFixtureSite();
  const load = moduleLoader();
  const unmetered = await startHttpServer({
    loadHandler: (file) =>
      file === 'functions/fetch-post.ts' ? Promise.resolve(unmeteredFetch as never) : load(file),
  });
  try {
    const { key } = await createApiKey(accountId, { name: 'bench' });
    const body = JSON.stringify({ url: `${site.url}/html?admission-bench` });
    const post = async (baseUrl: string) => {
      const response = await request(`${baseUrl}/v1/fetch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      });
      await response.body.arrayBuffer();
      if (response.statusCode !== 200) throw new Error(`${baseUrl} answered ${response.statusCode}`);
      return response.headers['x-fetch-cache'];
    };
    const cases = [
      { name: 'without metering', baseUrl: unmetered.baseUrl },
      { name: 'metered', baseUrl: meteredBaseUrl },
    ];
    await post(meteredBaseUrl); // fills the cache
    for (let i = 0; i < 20; i++) for (const c of cases) await post(c.baseUrl); // warm-up
    const samples = cases.map(() => ({ times: [] as number[], sends: 0 }));
    for (let i = 0; i < iterations; i++) {
      for (const [index, c] of cases.entries()) {
        const sample = samples[index] as { times: number[]; sends: number };
        const mark = sends.count;
        const start = performance.now();
        const cache = await post(c.baseUrl);
        sample.times.push(performance.now() - start);
        sample.sends += sends.count - mark;
        if (cache !== 'hit') throw new Error(`${c.name}: cache ${cache}, expected a hit`);
      }
    }
    return cases.map((c, index) => {
      const sample = samples[index] as { times: number[]; sends: number };
      sample.times.sort((a, b) => a - b);
      return {
        name: c.name,
        roundTrips: sample.sends / iterations,
        p50: percentile(sample.times, 50),
        p95: percentile(sample.times, 95),
      };
    });
  } finally {
    await unmetered.stop();
    await site.close();
  }
}

function printHttp([free, metered]: HttpRow[]): void {
  if (!free || !metered) return;
  console.log(
    `\nThrough the local HTTP server: POST /v1/fetch of a fixture page, cache hit, ${iterations} requests per line, interleaved\n`,
  );
  console.log('| POST /v1/fetch, cache hit | DynamoDB round trips / request | p50 ms | p95 ms |');
  console.log('|---|---|---|---|');
  for (const row of [free, metered]) {
    console.log(
      `| ${row.name} | ${row.roundTrips.toFixed(2)} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} |`,
    );
  }
  console.log(
    `| metering adds | +${(metered.roundTrips - free.roundTrips).toFixed(2)} | +${(metered.p50 - free.p50).toFixed(2)} | +${(metered.p95 - free.p95).toFixed(2)} |`,
  );
  console.log(
    `| metered ÷ without | ${(metered.roundTrips / free.roundTrips).toFixed(2)}× | ${(metered.p50 / free.p50).toFixed(2)}× | ${(metered.p95 / free.p95).toFixed(2)}× |`,
  );
}

await main();
