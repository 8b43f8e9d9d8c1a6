/**
 * Bulk jobs end to end against the local runtime and the fixture site: a fetch job and a scrape
 * job (markdown) of N URLs, from the POST until the job reads completed, beside a plain p-limit
 * loop doing the same GETs (and, for scrape, the same markdown conversion) at the same
 * concurrency in the same run. Counts every DynamoDB and SQS request (each HTTP attempt the SDK
 * sends, the queue poller's receives and deletes included) while the job runs. Twice: against the
 * loopback fixture, which answers in about a millisecond, and against the fixture's /slow route
 * answering each URL after 100–300 ms (the same delays on both sides), as real origins do.
 *
 *   npx tsx bench/bulk.ts [items=1000] [concurrency=50]
 *   BENCH_DB=file: DynamoDB Local on its file, as `npm start` runs it (default: in memory)
 *   BENCH_ORIGIN=loopback|latency, BENCH_KIND=fetch|scrape: run only those rows (default: all)
 */
import { performance } from 'node:perf_hooks';
import { processHtml } from '@webcapture/content';
import { QUEUES } from '@webcapture/service';
import pLimit from 'p-limit';
import { startFixtureSite } from '../test/fixtures/site';
import { startBenchRuntime } from './lib/bench-runtime';

const GOALS = { throughputRatio: 0.7, dynamoPerItem: 4 };
const items = Number(process.argv[2] ?? 1000);
const concurrency = Number(process.argv[3] ?? 50);

interface Row {
  origin: string;
  kind: string;
  way: string;
  seconds: number;
  itemsPerSecond: number;
  dynamoPerItem?: number;
  sqsPerItem?: number;
  s3PerItem?: number;
}

async function plainLoop(urls: string[], convert: boolean): Promise<number> {
  const limit = pLimit(concurrency);
  const started = performance.now();
  await Promise.all(
    urls.map((url) =>
      limit(async () => {
        const response = await fetch(url);
        const body = await response.text();
        if (convert) processHtml(body, { url, outputs: ['markdown'] });
      }),
    ),
  );
  return (performance.now() - started) / 1000;
}

/** Polls the job until it ends; returns how long it took, how often it polled, and the poll. */
async function bulkJob(baseUrl: string, key: string, kind: 'fetch' | 'scrape', urls: string[]) {
  const body = kind === 'scrape' ? { urls, formats: ['markdown'], cache_ttl: 0 } : { urls, cache_ttl: 0 };
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const started = performance.now();
  const created = await fetch(`${baseUrl}/v1/${kind}/bulk`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const job = (await created.json()) as { id: string };
  if (created.status !== 202) throw new Error(`POST answered ${created.status}: ${JSON.stringify(job)}`);
  const poll = async () => {
    const read = await fetch(`${baseUrl}/v1/${kind}/bulk/${job.id}?limit=1`, { headers });
    return (await read.json()) as { status: string; counts: { completed: number } };
  };
  for (let polls = 1; ; polls++) {
    const state = await poll();
    if (state.status !== 'queued' && state.status !== 'running') {
      if (state.counts.completed !== urls.length) throw new Error(`job ended ${JSON.stringify(state)}`);
      return { seconds: (performance.now() - started) / 1000, polls, poll };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main() {
  const { baseUrl, key, requests, stop } = await startBenchRuntime(concurrency);
  const site = await startFixtureSite();
  const rows: Row[] = [];
  try {
    const bulkQueue = QUEUES.find((queue) => queue.name === 'bulk-items');
    console.log(
      `bulk-items queue: ${bulkQueue?.localConcurrency} local invocations in flight × ${bulkQueue?.batchSize} message of 10 items; ` +
        `bulk slots ${concurrency}; plain loop concurrency ${concurrency}; ${items} items`,
    );

    // Warm-up: connections, module loading, JIT (DynamoDB Local's JVM too: a job of each kind).
    for (const kind of ['fetch', 'scrape'] as const) {
      await bulkJob(
        baseUrl,
        key,
        kind,
        Array.from({ length: 200 }, (_, i) => `${site.url}/html?warm${kind}=${i}`),
      );
    }
    await plainLoop(
      Array.from({ length: 20 }, (_, i) => `${site.url}/html?warmplain=${i}`),
      true,
    );

    // Loopback: the article at once. Latency: the same article after 100–300 ms, spread evenly.
    const origins = {
      loopback: (tag: string, i: number) => `${site.url}/html?${tag}=${i}`,
      '100–300 ms': (tag: string, i: number) => `${site.url}/slow?ms=${100 + ((i * 53) % 201)}&${tag}=${i}`,
    };
    const selected = (name: string, wanted: string | undefined) => !wanted || name.startsWith(wanted);
    for (const [origin, url] of Object.entries(origins))
      for (const kind of ['fetch', 'scrape'] as const) {
        const originName = origin === 'loopback' ? 'loopback' : 'latency';
        if (!selected(originName, process.env.BENCH_ORIGIN) || !selected(kind, process.env.BENCH_KIND))
          continue;
        const urls = (tag: string) => Array.from({ length: items }, (_, i) => url(tag, i));
        const plainSeconds = await plainLoop(urls(`${kind}plain`), kind === 'scrape');
        rows.push({
          origin,
          kind,
          way: `plain p-limit(${concurrency})`,
          seconds: plainSeconds,
          itemsPerSecond: items / plainSeconds,
        });
        requests.reset();
        const { seconds, polls, poll } = await bulkJob(baseUrl, key, kind, urls(`${kind}bulk`));
        const jobCounts = {
          dynamo: requests.count('dynamo'),
          sqs: requests.count('sqs'),
          s3: requests.count('s3'),
        };
        // The benchmark's own polling (GET of the job) is not the job's work: measure one poll, take them out.
        const beforePoll = requests.count('dynamo');
        await poll();
        const perPoll = requests.count('dynamo') - beforePoll;
        rows.push({
          origin,
          kind,
          way: 'bulk job',
          seconds,
          itemsPerSecond: items / seconds,
          dynamoPerItem: (jobCounts.dynamo - polls * perPoll) / items,
          sqsPerItem: jobCounts.sqs / items,
          s3PerItem: jobCounts.s3 / items,
        });
        console.log(`${origin} ${kind}: ${polls} polls of ${perPoll} DynamoDB requests each left out`);
        console.log(
          `${origin} ${kind}: requests by command`,
          Object.fromEntries([...requests.byCommand].sort()),
        );
        console.log(`${origin} ${kind}: avg ms`, requests.averageMillis());
        if (requests.errors.size)
          console.log(`${origin} ${kind}: errors`, Object.fromEntries(requests.errors));
      }
    console.log(
      '\n| origin | job | way | seconds | items/s | ratio | DynamoDB req/item | SQS req/item | S3 req/item |',
    );
    console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
    const goals: string[] = [];
    for (const row of rows) {
      const plain = rows.find((r) => r.origin === row.origin && r.kind === row.kind && r.way !== 'bulk job');
      const ratio = plain ? row.itemsPerSecond / plain.itemsPerSecond : Number.NaN;
      console.log(
        `| ${row.origin} | ${row.kind} | ${row.way} | ${row.seconds.toFixed(1)} | ${row.itemsPerSecond.toFixed(0)} | ${ratio.toFixed(2)} | ${row.dynamoPerItem?.toFixed(2) ?? '–'} | ${row.sqsPerItem?.toFixed(2) ?? '–'} | ${row.s3PerItem?.toFixed(2) ?? '–'} |`,
      );
      if (row.dynamoPerItem === undefined) continue;
      const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
      goals.push(
        `${row.origin} ${row.kind}: ${ratio.toFixed(2)}x ${verdict(ratio >= GOALS.throughputRatio)}, ` +
          `${row.dynamoPerItem.toFixed(2)} DynamoDB/item ${verdict(row.dynamoPerItem <= GOALS.dynamoPerItem)}`,
      );
    }
    console.log(
      `\ngoals (issue 11): >= ${GOALS.throughputRatio}x the plain loop's items/s, <= ${GOALS.dynamoPerItem} DynamoDB requests per item`,
    );
    for (const line of goals) console.log(`  ${line}`);
  } finally {
    await site.close();
    await stop();
  }
}

await main();
