/**
 * HTML → Markdown speed on the real-page corpus: @webcapture/content (raw, article and llm
 * modes) against turndown + turndown-plugin-gfm and node-html-markdown. Each converter runs in
 * its own child process so peak RSS is its own. Usage: npx tsx bench/content-speed.ts [--passes N]
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CORPUS = '/work/shared/corpus/pages';
const PAGE_URL = 'https://example.com/page.html';
const TOOLS = ['content-raw', 'content-article', 'content-llm', 'turndown', 'node-html-markdown'] as const;
type Tool = (typeof TOOLS)[number];

interface ToolResult {
  tool: Tool;
  bytes: number;
  pages: number;
  totalMs: number;
  p50: number;
  p95: number;
  peakRssMb: number;
  outChars: number;
  /** Pages the converter threw on; excluded from its timings. */
  failed: number;
}

async function converter(tool: Tool): Promise<(html: string) => string> {
  if (tool.startsWith('content-')) {
    const { processHtml } = await import('../packages/content/src/index');
    const mode = tool.slice('content-'.length) as 'raw' | 'article' | 'llm';
    return (html) => processHtml(html, { url: PAGE_URL, outputs: ['markdown'], mode }).markdown ?? '';
  }
  if (tool === 'turndown') {
    const { default: TurndownService } = await import('turndown');
    const { gfm } = await import('turndown-plugin-gfm');
    const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
    service.use(gfm);
    return (html) => service.turndown(html);
  }
  const { NodeHtmlMarkdown } = await import('node-html-markdown');
  const nhm = new NodeHtmlMarkdown();
  return (html) => nhm.translate(html);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function runTool(tool: Tool, passes: number): Promise<ToolResult> {
  const { decodeHtml } = await import('../packages/content/src/index');
  const pages = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((f) => decodeHtml(readFileSync(join(CORPUS, f))).html);
  const convert = await converter(tool);
  const ok = pages.filter((html) => {
    try {
      convert(html); // warm-up: JIT and lazy initialisation
      return true;
    } catch {
      return false;
    }
  });
  const times: number[] = [];
  let peakRss = process.memoryUsage().rss;
  let outChars = 0;
  let totalMs = 0;
  for (let pass = 0; pass < passes; pass++) {
    for (const html of ok) {
      const t0 = performance.now();
      const md = convert(html);
      const dt = performance.now() - t0;
      times.push(dt);
      totalMs += dt;
      if (pass === 0) outChars += md.length;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
  }
  times.sort((a, b) => a - b);
  const bytes = ok.reduce((s, h) => s + Buffer.byteLength(h), 0) * passes;
  return {
    tool,
    bytes,
    pages: pages.length,
    totalMs,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    peakRssMb: peakRss / 2 ** 20,
    outChars,
    failed: pages.length - ok.length,
  };
}

const args = process.argv.slice(2);
const passes = Number(args[args.indexOf('--passes') + 1]) || 5;
const child = args.indexOf('--tool');
if (child >= 0) {
  const result = await runTool(args[child + 1] as Tool, passes);
  process.stdout.write(JSON.stringify(result));
} else {
  const self = fileURLToPath(import.meta.url);
  const results: ToolResult[] = TOOLS.map((tool) => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', self, '--tool', tool, '--passes', String(passes)],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      },
    );
    return JSON.parse(out) as ToolResult;
  });
  const mbps = (r: ToolResult): number => r.bytes / 2 ** 20 / (r.totalMs / 1000);
  const turndown = results.find((r) => r.tool === 'turndown') as ToolResult;
  const raw = results.find((r) => r.tool === 'content-raw') as ToolResult;
  const first = results[0] as ToolResult;
  console.log(
    `\nHTML → Markdown, ${first.pages} pages (${(first.bytes / passes / 2 ** 20).toFixed(1)} MB of HTML), ${passes} timed passes after a warm-up pass, Node ${process.version}\n`,
  );
  console.log(
    '| converter | MB/s | p50 ms/page | p95 ms/page | × turndown throughput | peak RSS MB | output chars | failed pages |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.tool} | ${mbps(r).toFixed(1)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${(mbps(r) / mbps(turndown)).toFixed(2)} | ${r.peakRssMb.toFixed(0)} | ${r.outChars} | ${r.failed} |`,
    );
  }
  const article = results.find((r) => r.tool === 'content-article') as ToolResult;
  console.log(`\narticle mode time / raw mode time: ${(article.totalMs / raw.totalMs).toFixed(2)}`);
  const nhm = results.find((r) => r.tool === 'node-html-markdown') as ToolResult;
  console.log(`raw mode vs node-html-markdown throughput: ${(mbps(raw) / mbps(nhm)).toFixed(2)}×`);
}
