/**
 * The renderer (packages/render: guard proxy per capture, fresh context, cookies/UA/dialog
 * handling, deadline) next to plain puppeteer-core doing the same navigation and screenshot with
 * the same Chromium binary, in one run, interleaved so machine load hits both alike.
 *
 *   npx tsx bench/render.ts [iterations=30] [concurrency=4]
 *
 * Warm: p50/p95 of a rendered scrape (load, then the DOM as HTML) and of a viewport PNG
 * screenshot (both sides with puppeteer's optimizeForSpeed PNG encoding), one browser reused. Cold: a new process's first render (module loading, browser
 * launch, first page), measured in child processes. Peak RSS: the whole process tree (Node and
 * every Chromium process) while rendering `concurrency` pages at once. Throughput: renders per
 * second with `concurrency` contexts in one process.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { BrowserHost, captureScreenshot, chromiumExecutable, renderPage } from '../packages/render/src/index';
import { type FixtureSite, startFixtureSite } from '../test/fixtures/site';

/** The flags of /work/.library/env/machines/node.md, which plain puppeteer needs here too. */
const PLAIN_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const open = { allowPrivateTargets: true };

type Side = 'ours' | 'plain';

interface Engine {
  scrape(url: string): Promise<string>;
  screenshot(url: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

async function ours(): Promise<Engine> {
  const host = new BrowserHost();
  return {
    scrape: async (url) => (await renderPage({ url, timeoutMs: 30_000 }, { ...open, host })).html,
    screenshot: async (url) =>
      (await captureScreenshot({ url, timeoutMs: 30_000 }, { format: 'png' }, { ...open, host })).image,
    close: () => host.close(),
  };
}

async function plain(): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    executablePath: await chromiumExecutable(),
    headless: 'shell',
    args: PLAIN_FLAGS,
    defaultViewport: { width: 1280, height: 800 },
  });
  async function inContext<T>(
    url: string,
    work: (page: import('puppeteer-core').Page) => Promise<T>,
  ): Promise<T> {
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      return await work(page);
    } finally {
      await context.close();
    }
  }
  return {
    scrape: (url) => inContext(url, (page) => page.content()),
    screenshot: (url) => inContext(url, (page) => page.screenshot({ type: 'png', optimizeForSpeed: true })),
    close: () => browser.close(),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => value.toFixed(1);

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** RSS of a process and all its descendants, in MiB, from /proc. */
function treeRssMiB(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
      rss.set(Number(entry), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total / 1024;
}

/** Child mode: one side's first render in a fresh process, then `concurrency` at once for peak RSS and throughput. */
async function child(side: Side, url: string, concurrency: number, rounds: number): Promise<void> {
  const engine = side === 'ours' ? await ours() : await plain();
  await engine.scrape(url);
  const coldMs = performance.now();
  let peak = treeRssMiB(process.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRssMiB(process.pid));
  }, 50);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = 0; i < rounds; i++) await engine.scrape(url);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, treeRssMiB(process.pid));
  await engine.close();
  process.stdout.write(
    `${JSON.stringify({ coldMs, peakMiB: peak, perSecond: (concurrency * rounds) / seconds })}\n`,
  );
}

function runChild(side: Side, url: string, concurrency: number, rounds: number) {
  return new Promise<{ coldMs: number; peakMiB: number; perSecond: number }>((resolve, reject) => {
    const script = fileURLToPath(import.meta.url);
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', script, '--child', side, url, String(concurrency), String(rounds)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
    });
    proc.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`child ${side} exited ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  const iterations = Number(process.argv[2] ?? 30);
  const concurrency = Number(process.argv[3] ?? 4);
  const site: FixtureSite = await startFixtureSite();
  const url = `${site.url}/html`;
  const engines = { ours: await ours(), plain: await plain() };
  const samples: Record<string, number[]> = {};
  const add = (name: string, value: number) => {
    samples[name] = [...(samples[name] ?? []), value];
  };
  // Warm-up: both browsers launched and one page each before timing.
  for (const engine of Object.values(engines)) {
    await engine.scrape(url);
    await engine.screenshot(url);
  }
  for (let i = 0; i < iterations; i++) {
    for (const side of ['ours', 'plain'] as const) {
      add(`${side} scrape`, await timed(() => engines[side].scrape(url)));
      add(`${side} screenshot`, await timed(() => engines[side].screenshot(url)));
    }
  }
  await engines.ours.close();
  await engines.plain.close();

  const load = execFileSync('cat', ['/proc/loadavg']).toString().split(' ').slice(0, 3).join(' ');
  console.log(`\nwarm, ${iterations} iterations each, interleaved (load average ${load})\n`);
  console.log('| what | ours p50 | ours p95 | plain p50 | plain p95 | p50 ours ÷ plain |');
  console.log('|---|---|---|---|---|---|');
  for (const what of ['scrape', 'screenshot']) {
    const a = samples[`ours ${what}`] ?? [];
    const b = samples[`plain ${what}`] ?? [];
    console.log(
      `| ${what} | ${ms(percentile(a, 50))} | ${ms(percentile(a, 95))} | ${ms(percentile(b, 50))} | ${ms(percentile(b, 95))} | ${(percentile(a, 50) / percentile(b, 50)).toFixed(2)}× |`,
    );
  }

  const rounds = Math.max(2, Math.round(iterations / concurrency));
  const cold: Record<Side, Array<{ coldMs: number; peakMiB: number; perSecond: number }>> = {
    ours: [],
    plain: [],
  };
  for (let i = 0; i < 3; i++) {
    for (const side of ['ours', 'plain'] as const)
      cold[side].push(await runChild(side, url, concurrency, rounds));
  }
  console.log(
    `\nnew process, 3 runs each; then ${concurrency} contexts × ${rounds} scrapes in one process\n`,
  );
  console.log('| side | cold first render ms (median) | peak RSS MiB, tree (max) | renders/s (median) |');
  console.log('|---|---|---|---|');
  for (const side of ['ours', 'plain'] as const) {
    const runs = cold[side];
    console.log(
      `| ${side} | ${ms(
        percentile(
          runs.map((r) => r.coldMs),
          50,
        ),
      )} | ${ms(Math.max(...runs.map((r) => r.peakMiB)))} | ${percentile(
        runs.map((r) => r.perSecond),
        50,
      ).toFixed(2)} |`,
    );
  }
  await site.close();
}

if (process.argv[2] === '--child') {
  await child(
    process.argv[3] as Side,
    process.argv[4] as string,
    Number(process.argv[5]),
    Number(process.argv[6]),
  );
} else {
  await main();
}
