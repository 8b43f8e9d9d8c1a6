/**
 * The service's overhead on the HTTP fast path: POST /v1/fetch and POST /v1/scrape through the
 * local runtime (emulators, metering, cache), next to a direct undici GET of the same fixture
 * page, in one run. `npx tsx bench/fast-path.ts [iterations=200]`
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime } from '@webcapture/local';
import { request } from 'undici';
import { startFixtureSite } from '../test/fixtures/site';
import { SdkRequestTally } from './lib/sdk-requests';

const iterations = Number(process.argv[2] ?? 200);
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const dataDir = await mkdtemp(join(tmpdir(), 'webcapture-bench-'));
const key = `sk_test_${'B3nch'.repeat(8)}`;
const runtime = await startLocalRuntime({
  dataDir,
  bootstrapKey: key,
  quiet: true,
  env: { ALLOW_PRIVATE_TARGETS: 'true' },
});
// The bench account gets a plan roomy enough that admission never refuses a timed request.
const { setAccountPlan, findKeyByPlaintext, dynamoClient, s3Client } = await import('@webcapture/service');
const requests = new SdkRequestTally();
requests.watch(dynamoClient(), 'dynamodb');
requests.watch(s3Client(), 's3');
const holder = await findKeyByPlaintext(key);
if (holder) await setAccountPlan(holder.account_id, 'enterprise');
const site = await startFixtureSite();

async function call(path: string, body: unknown): Promise<number> {
  const response = await request(`${runtime.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.body.arrayBuffer();
  if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
  return response.statusCode;
}

type Case = { name: string; run: (i: number) => Promise<unknown> };
const cases: Case[] = [
  {
    name: 'direct undici GET /html',
    run: () => request(`${site.url}/html`).then((r) => r.body.arrayBuffer()),
  },
  {
    name: 'POST /v1/fetch, cache miss',
    run: (i) => call('/v1/fetch', { url: `${site.url}/html?miss=${i}` }),
  },
  { name: 'POST /v1/fetch, cache hit', run: () => call('/v1/fetch', { url: `${site.url}/html?hit` }) },
  {
    name: 'POST /v1/scrape markdown, cache miss',
    run: (i) => call('/v1/scrape', { url: `${site.url}/html?smiss=${i}`, formats: ['markdown'] }),
  },
  {
    name: 'POST /v1/scrape markdown, cache hit',
    run: () => call('/v1/scrape', { url: `${site.url}/html?shit`, formats: ['markdown'] }),
  },
];

const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
const calls = new Map<string, { dynamodb: number; s3: number }>(
  cases.map((c) => [c.name, { dynamodb: 0, s3: 0 }]),
);
for (const c of cases) await c.run(-1); // warm connections, module caches and the cache entries
// Interleaved, so load on the shared machine hits every case alike.
for (let i = 0; i < iterations; i++) {
  for (const c of cases) {
    const before = requests.mark();
    const started = performance.now();
    await c.run(i);
    samples.get(c.name)?.push(performance.now() - started);
    const total = calls.get(c.name);
    if (total) {
      const sent = requests.since(before).byLabel;
      total.dynamodb += sent.get('dynamodb') ?? 0;
      total.s3 += sent.get('s3') ?? 0;
    }
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const base = quantile(samples.get(cases[0]?.name ?? '') ?? [], 0.5);
console.log(`\n${iterations} iterations, sequential, interleaved\n`);
console.log(
  '| request | p50 ms | p95 ms | p50 ÷ direct GET | added p50 ms | DynamoDB / request | S3 / request |',
);
console.log('|---|---|---|---|---|---|---|');
for (const [name, values] of samples) {
  const p50 = quantile(values, 0.5);
  const count = calls.get(name) ?? { dynamodb: 0, s3: 0 };
  console.log(
    `| ${name} | ${p50.toFixed(2)} | ${quantile(values, 0.95).toFixed(2)} | ${(p50 / base).toFixed(1)}× | ${(p50 - base).toFixed(2)} | ${(count.dynamodb / iterations).toFixed(2)} | ${(count.s3 / iterations).toFixed(2)} |`,
  );
}

await site.close();
await runtime.stop();
await rm(dataDir, { recursive: true, force: true });
