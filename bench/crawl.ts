/**
 * The crawl benchmark (issue 25): a generated site (bench/lib/crawl-site.ts: link graph, robots.txt
 * with a disallowed section, a sitemap index of gzipped children, orphans, near-duplicates,
 * query-string variants, an endless calendar; 100–300 ms per page) crawled through the local
 * runtime (POST /v1/crawl, its crawl-pages worker, DynamoDB Local and the S3/SQS emulators) at
 * max_concurrency 20, and in the same run by a plain p-limit(20) crawler doing fetch + markdown
 * (the content package) + link extraction + the same robots and sitemap reading. Each crawler has
 * its own host name on the origin, so the origin's request counts are per crawler.
 *
 * Prints recall of the reachable allowed pages, pages fetched twice and robots violations (both
 * counted on the origin), pages/s for both and the ratio, and DynamoDB/SQS/S3 requests per page
 * (every HTTP attempt the SDK clients send, counted by a middleware on the clients the handlers and
 * the queue poller use; the benchmark's own GET polls are measured and taken out), transactions per
 * page, and the CPU each side spent per page (/proc: this process during the plain crawl; this
 * process — the runtime's handlers and pollers run in it — plus its children, DynamoDB Local's JVM,
 * during the crawl; the origin site runs in this process during both), with the load average.
 *
 *   npx tsx bench/crawl.ts [--pages 10000] [--concurrency 20]
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { processHtml } from '@webcapture/content';
import pLimit from 'p-limit';
import { startBenchRuntime } from './lib/bench-runtime';
import { type CrawlSite, startCrawlSite } from './lib/crawl-site';
import { cpuSpent, processTreeCpu } from './lib/process-cpu';

const { values } = parseArgs({
  options: { pages: { type: 'string', default: '10000' }, concurrency: { type: 'string', default: '20' } },
});
const pages = Number(values.pages);
const concurrency = Number(values.concurrency);
const MAX_DEPTH = 40;
const GOAL_RATIO = 0.7;
/** Node's fetch does not resolve `.localhost` names (the service's guard does): the plain crawler uses the address. */
const PLAIN_HOST = '127.0.0.1';

interface CrawlItem {
  url: string;
  status: string;
  reason: string | null;
  duplicate_of: string | null;
}

/** What the origin saw from one crawler: fetches of pages, pages fetched more than once, robots violations. */
function originTally(site: CrawlSite, host: string) {
  let pageFetches = 0;
  let twice = 0;
  let robotsViolations = 0;
  for (const [path, count] of site.hits(host)) {
    if (path === '/robots.txt' || path === '/sitemap.xml' || path.startsWith('/sitemaps/')) continue;
    pageFetches += count;
    if (count > 1) twice++;
    if (path.startsWith('/private/')) robotsViolations += count;
  }
  const calendar = [...site.hits(host).keys()].filter((path) => path.startsWith('/calendar/')).length;
  return { pageFetches, twice, robotsViolations, calendar };
}

/** The plain crawler: BFS over links and the sitemaps, robots prefix rules, fetch + markdown, p-limit. */
async function plainCrawl(origin: string): Promise<{ seconds: number; seen: Set<string> }> {
  const limit = pLimit(concurrency);
  const started = performance.now();
  const robots = await (await fetch(`${origin}/robots.txt`)).text();
  const disallowed = [...robots.matchAll(/^Disallow:\s*(\S+)/gim)].map((match) => match[1] as string);
  const seen = new Set<string>();
  const depthOf = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const visit = (raw: string, depth: number) => {
    const url = new URL(raw, origin);
    url.hash = '';
    url.search = '';
    const key = url.href;
    if (url.origin !== origin || seen.has(key) || depth > MAX_DEPTH) return;
    if (disallowed.some((prefix) => url.pathname.startsWith(prefix))) return;
    seen.add(key);
    depthOf.set(key, depth);
    pending.push(
      limit(async () => {
        const response = await fetch(key);
        const html = await response.text();
        if (!response.ok) return;
        processHtml(html, { url: key, outputs: ['markdown'] });
        for (const match of html.matchAll(/href="([^"]+)"/g)) visit(match[1] as string, depth + 1);
      }),
    );
  };
  visit('/', 0);
  const index = await (await fetch(`${origin}/sitemap.xml`)).text();
  for (const child of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const leaf = gunzipSync(Buffer.from(await (await fetch(child[1] as string)).arrayBuffer())).toString();
    for (const loc of leaf.matchAll(/<loc>([^<]+)<\/loc>/g)) visit(loc[1] as string, 1);
  }
  while (pending.length) await pending.shift();
  return { seconds: (performance.now() - started) / 1000, seen };
}

async function readItems(baseUrl: string, headers: Record<string, string>, id: string): Promise<CrawlItem[]> {
  const items: CrawlItem[] = [];
  let cursor: string | null = null;
  do {
    const response = await fetch(`${baseUrl}/v1/crawl/${id}?limit=1000${cursor ? `&cursor=${cursor}` : ''}`, {
      headers,
    });
    const page = (await response.json()) as { items: CrawlItem[]; next_cursor: string | null };
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

async function main() {
  const { baseUrl, key, requests, stop } = await startBenchRuntime(concurrency);
  const site = await startCrawlSite(pages);
  try {
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    console.log(`${pages} pages (${site.linkedPages} linked, the rest orphans), concurrency ${concurrency}`);

    const loadAtStart = loadavg()[0] as number;
    const cpuBeforePlain = processTreeCpu();
    const plain = await plainCrawl(site.origin(PLAIN_HOST));
    const plainCpu = cpuSpent(cpuBeforePlain, processTreeCpu()).find((spent) => spent.pid === process.pid);
    const plainOrigin = originTally(site, PLAIN_HOST);
    console.log(
      `plain p-limit(${concurrency}): ${plain.seconds.toFixed(1)} s, ${plainOrigin.pageFetches} page fetches`,
    );

    requests.reset();
    const loadAtCrawl = loadavg()[0] as number;
    const cpuBeforeCrawl = processTreeCpu();
    const started = performance.now();
    const created = await fetch(`${baseUrl}/v1/crawl`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        url: `${site.origin('crawl.localhost')}/`,
        limit: Math.min(100_000, 2 * pages),
        max_depth: MAX_DEPTH,
        max_concurrency: concurrency,
        // Every page is /p/N, one path pattern: the trap cap (default 1,000) would skip most of them.
        max_urls_per_pattern: Math.min(100_000, 2 * pages),
        formats: ['markdown'],
        cache_ttl: 0,
      }),
    });
    const job = (await created.json()) as { id: string };
    if (created.status !== 202) throw new Error(`POST answered ${created.status}: ${JSON.stringify(job)}`);
    const poll = async () =>
      (await (await fetch(`${baseUrl}/v1/crawl/${job.id}?limit=1`, { headers })).json()) as {
        status: string;
        completed_at: string | null;
        counts: Record<string, number>;
      };
    let state = await poll();
    let polls = 1;
    for (; state.completed_at === null; polls++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      state = await poll();
    }
    const seconds = (performance.now() - started) / 1000;
    const crawlCpu = cpuSpent(cpuBeforeCrawl, processTreeCpu());
    const loadAtEnd = loadavg()[0] as number;
    const jobCounts = {
      dynamo: requests.count('dynamo'),
      sqs: requests.count('sqs'),
      s3: requests.count('s3'),
    };
    const beforePoll = requests.count('dynamo');
    await poll();
    const dynamoPerPoll = requests.count('dynamo') - beforePoll;

    const items = await readItems(baseUrl, headers, job.id);
    const crawlOrigin = originTally(site, 'crawl.localhost');
    const accounted = new Map(items.map((item) => [item.url, item]));
    const reachable = site.reachable('crawl.localhost');
    const missed = reachable.filter((url) => {
      const item = accounted.get(url);
      return !(item?.status === 'completed' || (item?.status === 'skipped' && item.reason === 'duplicate'));
    });
    const plainMissed = site.reachable(PLAIN_HOST).filter((url) => !plain.seen.has(url));
    const byOutcome = new Map<string, number>();
    for (const item of items) {
      const outcome = item.reason ? `${item.status} (${item.reason})` : item.status;
      byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
    }
    const crawlRate = crawlOrigin.pageFetches / seconds;
    const plainRate = plainOrigin.pageFetches / plain.seconds;
    const perPage = (count: number) => (count / crawlOrigin.pageFetches).toFixed(2);

    console.log(
      `crawl ${job.id}: ${state.status} in ${seconds.toFixed(1)} s, counts ${JSON.stringify(state.counts)}`,
    );
    console.log('items by outcome', Object.fromEntries(byOutcome));
    console.log(`${polls} polls of ${dynamoPerPoll} DynamoDB requests each left out`);
    console.log('requests by command', Object.fromEntries([...requests.byCommand].sort()));
    console.log('average ms per request', requests.averageMillis());
    if (requests.errors.size) console.log('errors', Object.fromEntries(requests.errors));
    if (missed.length) console.log('missed (first 10)', missed.slice(0, 10));
    // The site's planned duplicates are /dup/N (of /p/N) and the pair / and /p/0: any other is a false positive.
    const unplanned = items.filter(
      (item) =>
        item.reason === 'duplicate' &&
        !/\/dup\/\d+$/.test(item.url) &&
        !/\/dup\/\d+$/.test(item.duplicate_of ?? '') &&
        !/\/(p\/0)?$/.test(new URL(item.url).pathname),
    );
    console.log(
      `unplanned duplicates: ${unplanned.length}`,
      unplanned.slice(0, 10).map((item) => `${item.url} ~ ${item.duplicate_of}`),
    );
    console.log(
      '\n| crawler | seconds | page fetches | pages/s | recall | fetched twice | robots violations | calendar pages |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    const row = (name: string, secs: number, tally: ReturnType<typeof originTally>, miss: number) =>
      console.log(
        `| ${name} | ${secs.toFixed(1)} | ${tally.pageFetches} | ${(tally.pageFetches / secs).toFixed(1)} | ` +
          `${(100 * (1 - miss / reachable.length)).toFixed(2)}% (${reachable.length - miss}/${reachable.length}) | ` +
          `${tally.twice} | ${tally.robotsViolations} | ${tally.calendar} |`,
      );
    row(`plain p-limit(${concurrency})`, plain.seconds, plainOrigin, plainMissed.length);
    row(`/v1/crawl max_concurrency ${concurrency}`, seconds, crawlOrigin, missed.length);
    const ratio = crawlRate / plainRate;
    const transactions = requests.byCommand.get('dynamo:TransactWriteItems') ?? 0;
    const cancelled = requests.errors.get('dynamo:TransactWriteItems:TransactionCanceledException') ?? 0;
    console.log(
      `transactions per page fetched: ${perPage(transactions)} (${perPage(cancelled)} cancelled); ` +
        `load average (1 min) ${loadAtStart.toFixed(1)} at the start, ${loadAtCrawl.toFixed(1)} when the crawl started, ${loadAtEnd.toFixed(1)} at its end`,
    );
    const msPerPage = (cpuSeconds: number, fetched: number) => ((1000 * cpuSeconds) / fetched).toFixed(1);
    const plainCpuSeconds = plainCpu?.seconds ?? 0;
    const crawlCpuSeconds = crawlCpu.reduce((sum, spent) => sum + spent.seconds, 0);
    console.log(
      `CPU per page: plain ${msPerPage(plainCpuSeconds, plainOrigin.pageFetches)} ms (its process, origin included); ` +
        `crawl ${msPerPage(crawlCpuSeconds, crawlOrigin.pageFetches)} ms = ` +
        crawlCpu
          .map((spent) => `${spent.name} ${spent.pid} ${msPerPage(spent.seconds, crawlOrigin.pageFetches)}`)
          .join(' + ') +
        `; crawl/plain CPU per page ${(crawlCpuSeconds / crawlOrigin.pageFetches / (plainCpuSeconds / plainOrigin.pageFetches)).toFixed(1)}×`,
    );
    console.log(
      `\nratio ${ratio.toFixed(2)}× (goal ≥ ${GOAL_RATIO}×: ${ratio >= GOAL_RATIO ? 'met' : 'NOT met'}); ` +
        `per page fetched: DynamoDB ${perPage(jobCounts.dynamo - polls * dynamoPerPoll)}, SQS ${perPage(jobCounts.sqs)}, S3 ${perPage(jobCounts.s3)}`,
    );
  } finally {
    await site.close();
    await stop();
  }
}

await main();
