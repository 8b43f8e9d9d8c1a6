/**
 * Admission overhead per request against DynamoDB Local (started by the local runtime):
 * DynamoDB round trips (every HTTP attempt the SDK sends, counted by a client middleware) and
 * time for admit, settle (which releases the slot) and the whole cycle, next to a bare GetItem.
 * Then the same through the local HTTP server: POST /v1/fetch of a cached fixture page on the
 * metered route, against the same route without the admission middleware. Last, a load
 * generator: `rps` requests per second for `seconds`, open loop, for one enterprise account
 * (100 requests per second, 100 in flight), on the unmetered route and then on the metered one.
 *
 *   npx tsx bench/admission.ts [iterations=100] [parallel=200] [rps=150] [seconds=10]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { answerFetch, defineRoute, fetchBody, fetchPrecheck } from '@webcapture/http';
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
import { SdkRequestTally } from './lib/sdk-requests';

const iterations = Number(process.argv[2] ?? 100);
const parallel = Number(process.argv[3] ?? 200);
const loadRps = Number(process.argv[4] ?? 150);
const loadSeconds = Number(process.argv[5] ?? 10);

const requests = new SdkRequestTally();

const bump = <K>(map: Map<K, number>, name: K) => map.set(name, (map.get(name) ?? 0) + 1);

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
    requests.watch(dynamoClient(), 'dynamo');
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
        const mark = requests.count('dynamo');
        const start = performance.now();
        await operation.run();
        sample.times.push(performance.now() - start);
        sample.sends += requests.count('dynamo') - mark;
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
    const before = requests.mark();
    const start = performance.now();
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        const a = await admit({ accountId, endpoint: '/v1/fetch' });
        await settle(a, { wireBytes: 1000, factor: 1 });
      }),
    );
    const wall = performance.now() - start;
    const parallelRequests = requests.since(before);
    const parallelSends = parallelRequests.byLabel.get('dynamo') ?? 0;
    const parallelErrors = JSON.stringify(Object.fromEntries(parallelRequests.errors));

    const { rows: http, load } = await httpOverhead(runtime.baseUrl, accountId);

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
    printLoad(load);
  } finally {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * POST /v1/fetch exactly as functions/fetch-post.ts declares it, without `metered`: the same
 * middlewares, authentication, validation, cache and capture; no admission, settle or usage row.
 */
const unmeteredFetch = defineRoute('fetch-post', { body: fetchBody, precheck: fetchPrecheck }, answerFetch);

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
async function httpOverhead(
  meteredBaseUrl: string,
  accountId: string,
): Promise<{ rows: HttpRow[]; load: LoadResult[] }> {
  const site = await startFixtureSite();
  const load = moduleLoader();
  const unmetered = await startHttpServer({
    loadHandler: (file) =>
      file === 'functions/fetch-post.ts' ? Promise.resolve(unmeteredFetch as never) : load(file),
  });
  try {
    const { key } = await createApiKey(accountId, { name: 'bench' });
    const body = JSON.stringify({ url: `${site.url}/html?admission-bench` });
    const cases = [
      { name: 'without metering', baseUrl: unmetered.baseUrl },
      { name: 'metered', baseUrl: meteredBaseUrl },
    ];
    const expectHit = async (baseUrl: string, apiKey = key) => {
      const { status, cache } = await postFetch(baseUrl, apiKey, body);
      if (status !== 200) throw new Error(`${baseUrl} answered ${status}`);
      return cache;
    };
    await expectHit(meteredBaseUrl); // fills the cache
    for (let i = 0; i < 20; i++) for (const c of cases) await expectHit(c.baseUrl); // warm-up
    const samples = cases.map(() => ({ times: [] as number[], sends: 0 }));
    for (let i = 0; i < iterations; i++) {
      for (const [index, c] of cases.entries()) {
        const sample = samples[index] as { times: number[]; sends: number };
        const mark = requests.count('dynamo');
        const start = performance.now();
        const cache = await expectHit(c.baseUrl);
        sample.times.push(performance.now() - start);
        sample.sends += requests.count('dynamo') - mark;
        if (cache !== 'hit') throw new Error(`${c.name}: cache ${cache}, expected a hit`);
      }
    }
    const rows = cases.map((c, index) => {
      const sample = samples[index] as { times: number[]; sends: number };
      sample.times.sort((a, b) => a - b);
      return {
        name: c.name,
        roundTrips: sample.sends / iterations,
        p50: percentile(sample.times, 50),
        p95: percentile(sample.times, 95),
      };
    });

    // One enterprise account (plan limits, no overrides) under open-loop load on each route.
    const enterprise = await createAccount({ name: 'bench enterprise', planId: 'enterprise' });
    const { key: enterpriseKey } = await createApiKey(enterprise.id, { name: 'load' });
    for (let i = 0; i < 10; i++) for (const c of cases) await expectHit(c.baseUrl, enterpriseKey);
    await sleep(1100); // a fresh rate window
    const results: LoadResult[] = [];
    for (const c of cases) {
      results.push(await loadPhase(c.name, c.baseUrl, enterpriseKey, body, enterprise.id));
      await sleep(1100);
    }
    return { rows, load: results };
  } finally {
    await unmetered.stop();
    await site.close();
  }
}

async function postFetch(baseUrl: string, key: string, body: string) {
  const response = await request(`${baseUrl}/v1/fetch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  });
  const text = Buffer.from(await response.body.arrayBuffer()).toString();
  const code =
    response.statusCode === 200
      ? '200'
      : (/"code":"([a-z_]+)"/.exec(text)?.[1] ?? String(response.statusCode));
  return {
    status: response.statusCode,
    code,
    cache: response.headers['x-fetch-cache'],
    window: Number(response.headers['x-ratelimit-reset']),
  };
}

interface LoadResult {
  name: string;
  offered: number;
  /** Seconds from the first request sent to the last. */
  sendSeconds: number;
  statuses: Map<number, number>;
  /** Answers by error code ('200' for success). */
  codes: Map<string, number>;
  /** Seconds from the first request sent to the last answer. */
  drainSeconds: number;
  /** 200s per one-second rate window (X-RateLimit-Reset): lowest and highest full window. */
  okPerWindow: { min: number; max: number };
  /** Latency of the 200 answers, ms. */
  p50: number;
  p99: number;
  /** DynamoDB requests during the phase, by operation, and errors (throttles, conflicts). */
  dynamo: number;
  byCommand: Map<string, number>;
  errors: Map<string, number>;
  /** Largest meter item seen while the phase ran, bytes (DynamoDB's item size rules, roughly). */
  meterBytes: number;
}

/**
 * `loadRps` requests per second for `loadSeconds`, each sent on schedule whether or not earlier
 * ones have answered (open loop), on one route.
 */
async function loadPhase(
  name: string,
  baseUrl: string,
  key: string,
  body: string,
  accountId: string,
): Promise<LoadResult> {
  const total = Math.round(loadRps * loadSeconds);
  const interval = 1000 / loadRps;
  const answers: { status: number; code: string; ms: number; window: number }[] = [];
  const pending: Promise<void>[] = [];
  const mark = requests.mark();
  let meterBytes = 0;
  const watcher = setInterval(() => {
    meterItemBytes(accountId).then(
      (bytes) => {
        meterBytes = Math.max(meterBytes, bytes);
      },
      () => {},
    );
  }, 250);
  const start = performance.now() + 20;
  let first = 0;
  let last = 0;
  for (let i = 0; i < total; i++) {
    const wait = start + i * interval - performance.now();
    if (wait > 1) await sleep(wait);
    const sent = performance.now();
    if (i === 0) first = sent;
    last = sent;
    pending.push(
      postFetch(baseUrl, key, body).then(
        ({ status, code, window }) => {
          answers.push({ status, code, ms: performance.now() - sent, window });
        },
        () => {
          answers.push({ status: 0, code: 'no answer', ms: performance.now() - sent, window: 0 });
        },
      ),
    );
  }
  await Promise.all(pending);
  const drainSeconds = (performance.now() - first) / 1000;
  clearInterval(watcher);
  const statuses = new Map<number, number>();
  const codes = new Map<string, number>();
  const perWindow = new Map<number, number>();
  const okTimes: number[] = [];
  for (const answer of answers) {
    bump(statuses, answer.status);
    bump(codes, answer.code);
    if (answer.status !== 200) continue;
    okTimes.push(answer.ms);
    bump(perWindow, answer.window);
  }
  okTimes.sort((a, b) => a - b);
  // Full windows only: the first and last second of the phase are partial.
  const windows = [...perWindow.entries()]
    .sort(([a], [b]) => a - b)
    .slice(1, -1)
    .map(([, n]) => n);
  const sent = requests.since(mark);
  return {
    name,
    offered: total,
    sendSeconds: (last - first) / 1000,
    drainSeconds,
    statuses,
    codes,
    okPerWindow: { min: Math.min(...windows), max: Math.max(...windows) },
    p50: percentile(okTimes, 50),
    p99: percentile(okTimes, 99),
    dynamo: sent.byLabel.get('dynamo') ?? 0,
    byCommand: sent.byCommand,
    errors: sent.errors,
    meterBytes,
  };
}

/** A client of its own, so watching the meter item is not counted as the requests' traffic. */
let watchClient: DynamoDBDocumentClient | undefined;

async function meterItemBytes(accountId: string): Promise<number> {
  watchClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const { Item } = await watchClient.send(
    new GetCommand({ TableName: tableName(), Key: { pk: `ACCT#${accountId}`, sk: 'METER' } }),
  );
  // Names plus values: numbers count about their digits, strings their length.
  return Object.entries(Item ?? {}).reduce((sum, [k, v]) => sum + k.length + String(v).length, 0);
}

function printLoad(results: LoadResult[]): void {
  console.log(
    `\nLoad: one enterprise account (plan: 100 requests/s, 100 in flight), POST /v1/fetch cache hit, ${loadRps} requests/s offered for ${loadSeconds} s, open loop\n`,
  );
  console.log(
    '| route | offered | sent over s | last answer after s | 200 | 429 rate_limited | 429 concurrency_limit | other | 200s per rate window (full windows, min–max) | 200 p50 ms | 200 p99 ms | DynamoDB requests / request | per 200 (refusals: their failed conditional write set aside) | by operation, per request | throttles, conflicts | meter item max bytes |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const ok = r.statuses.get(200) ?? 0;
    const limited = r.codes.get('rate_limited') ?? 0;
    const busy = r.codes.get('concurrency_limit') ?? 0;
    const other =
      [...r.codes]
        .filter(([code]) => !['200', 'rate_limited', 'concurrency_limit'].includes(code))
        .map(([code, n]) => `${code} ${n}`)
        .join(', ') || '0';
    const ops = [...r.byCommand]
      .map(([k, v]) => `${k.replace(/^dynamo:/, '')} ${(v / r.offered).toFixed(2)}`)
      .join(', ');
    const isFailedCondition = (name: string) => name.endsWith(':ConditionalCheckFailedException');
    const failedConditions = [...r.errors].reduce(
      (sum, [name, n]) => sum + (isFailedCondition(name) ? n : 0),
      0,
    );
    const errors =
      [...r.errors]
        .filter(([name]) => !isFailedCondition(name))
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none';
    console.log(
      `| ${r.name} | ${r.offered} | ${r.sendSeconds.toFixed(2)} | ${r.drainSeconds.toFixed(2)} | ${ok} | ${limited} | ${busy} | ${other} | ${r.okPerWindow.min}–${r.okPerWindow.max} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.dynamo / r.offered).toFixed(2)} | ${((r.dynamo - failedConditions) / ok).toFixed(2)} | ${ops} | ${errors} | ${r.meterBytes || '–'} |`,
    );
  }
  const [free, metered] = results;
  if (free && metered) {
    console.log(
      `\nMetering adds (200 answers): p50 +${(metered.p50 - free.p50).toFixed(1)} ms, p99 +${(metered.p99 - free.p99).toFixed(1)} ms`,
    );
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
