/**
 * The content CLI as a whole process: start-up time, and throughput over corpus/pages twice
 * (one process, JSON lines out) against turndown + gfm doing the same in one process
 * (bench/lib/turndown-jsonl.mjs). Each command runs RUNS times; medians are compared.
 * Usage: npx tsx bench/content-cli.ts [--runs N]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const CORPUS = '/work/shared/corpus/pages';
const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'packages/content/bin/webcapture-content.cjs');
const TURNDOWN = join(ROOT, 'bench/lib/turndown-jsonl.mjs');
const GOALS = { startupMs: 150, rawVsTurndown: 5, articleVsRaw: 1.5 };

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

const pages = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.html'))
  .sort()
  .map((f) => join(CORPUS, f));
const files = [...pages, ...pages];
const megabytes = files.reduce((sum, f) => sum + statSync(f).size, 0) / 1e6;

/**
 * CPU seconds (user + system) of the whole child process, read from GNU time, because the wall
 * clock of a shared 2-core machine measures the neighbours too; the wall clock is the fallback.
 */
const GNU_TIME = '/usr/bin/time';
const cpuTime = existsSync(GNU_TIME);

function medianMs(args: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const run = cpuTime
      ? spawnSync(GNU_TIME, ['-f', '%U %S', process.execPath, ...args], {
          stdio: ['ignore', 'ignore', 'pipe'],
        })
      : spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
    if (run.status !== 0) throw new Error(`${args[0]} failed: ${run.stderr}`);
    const [user, system] = String(run.stderr).trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
    times.push(cpuTime ? ((user ?? 0) + (system ?? 0)) * 1000 : wallMs);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

execFileSync(process.execPath, [join(ROOT, 'packages/content/scripts/build-cli.mjs')]);
const nodeMs = medianMs(['-e', '0']);
const startupMs = medianMs([BIN, '--help']);
const raw = medianMs([BIN, '--mode', 'raw', '--jsonl', ...files]);
const article = medianMs([BIN, '--mode', 'article', '--jsonl', ...files]);
const llm = medianMs([BIN, '--mode', 'llm', '--jsonl', ...files]);
const turndown = medianMs([TURNDOWN, ...files]);

const row = (name: string, ms: number) =>
  `${name.padEnd(22)} ${ms.toFixed(0).padStart(7)} ms ${(megabytes / (ms / 1000)).toFixed(1).padStart(6)} MB/s ` +
  `${(turndown / ms).toFixed(2).padStart(6)}x turndown`;
console.log(
  `${files.length} files, ${megabytes.toFixed(1)} MB, one process each, median of ${runs} runs, ` +
    `${cpuTime ? 'CPU time (user + system)' : 'wall clock'}`,
);
console.log(
  `start-up: node alone ${nodeMs.toFixed(0)} ms, webcapture-content --help ${startupMs.toFixed(0)} ms`,
);
console.log(row('webcapture-content raw', raw));
console.log(row('webcapture-content article', article));
console.log(row('webcapture-content llm', llm));
console.log(row('turndown+gfm', turndown));
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log(
  `goals: start-up < ${GOALS.startupMs} ms: ${verdict(startupMs < GOALS.startupMs)}; ` +
    `raw >= ${GOALS.rawVsTurndown}x turndown: ${(turndown / raw).toFixed(2)}x ${verdict(turndown / raw >= GOALS.rawVsTurndown)}; ` +
    `article <= ${GOALS.articleVsRaw}x raw: ${(article / raw).toFixed(2)}x ${verdict(article / raw <= GOALS.articleVsRaw)}`,
);
