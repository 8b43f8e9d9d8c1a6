/**
 * The content CLI as a whole process: start-up time, and throughput over corpus/pages twice
 * (one process, JSON lines out) against turndown + gfm doing the same in one process
 * (bench/lib/turndown-jsonl.mjs). Each command runs RUNS times; medians are compared.
 *
 * Two clocks per command: CPU time (user + system of the whole process, all threads, from GNU
 * time) and wall clock. CPU time is the robust figure on a shared machine, and `--jobs 1` (one
 * thread, as turndown) is the like-for-like comparison the goals are judged on. The default worker
 * pool (one worker per core from 16 files on) is shown too: it costs more CPU (each worker loads
 * the bundle and warms its own JIT) and pays back only in wall clock, on a machine with idle cores.
 * Usage: npx tsx bench/content-cli.ts [--runs N]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const CORPUS = '/work/shared/corpus/pages';
const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'packages/content/bin/webcapture-content.cjs');
const TURNDOWN = join(ROOT, 'bench/lib/turndown-jsonl.mjs');
const GOALS = { startupMs: 150, rawVsTurndown: 5, articleVsRaw: 1.5 };

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);

const pages = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.html'))
  .sort()
  .map((f) => join(CORPUS, f));
const files = [...pages, ...pages];
const megabytes = files.reduce((sum, f) => sum + statSync(f).size, 0) / 1e6;

/** CPU seconds (user + system, every thread) of the child process, read from GNU time. */
const GNU_TIME = '/usr/bin/time';
const cpuTime = existsSync(GNU_TIME);

interface Timing {
  /** Median CPU time in ms (the wall clock when GNU time is missing). */
  cpu: number;
  /** Median wall clock in ms. */
  wall: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function measure(args: string[]): Timing {
  const cpu: number[] = [];
  const wall: number[] = [];
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
    wall.push(wallMs);
    cpu.push(cpuTime ? ((user ?? 0) + (system ?? 0)) * 1000 : wallMs);
  }
  return { cpu: median(cpu), wall: median(wall) };
}

execFileSync(process.execPath, [join(ROOT, 'packages/content/scripts/build-cli.mjs')]);
const pool = Math.min(availableParallelism(), files.length);
const node = measure(['-e', '0']);
const startup = measure([BIN, '--help']);
const raw = measure([BIN, '--mode', 'raw', '--jsonl', '--jobs', '1', ...files]);
const rawPool = measure([BIN, '--mode', 'raw', '--jsonl', ...files]);
const article = measure([BIN, '--mode', 'article', '--jsonl', '--jobs', '1', ...files]);
const llm = measure([BIN, '--mode', 'llm', '--jsonl', '--jobs', '1', ...files]);
const turndown = measure([TURNDOWN, ...files]);

const row = (name: string, t: Timing) =>
  `${name.padEnd(36)} ${t.cpu.toFixed(0).padStart(6)} ms ${(megabytes / (t.cpu / 1000)).toFixed(1).padStart(5)} MB/s ` +
  `${(turndown.cpu / t.cpu).toFixed(2).padStart(5)}x | ${t.wall.toFixed(0).padStart(6)} ms ` +
  `${(turndown.wall / t.wall).toFixed(2).padStart(5)}x`;
console.log(
  `${files.length} files, ${megabytes.toFixed(1)} MB, one process each, median of ${runs} runs; ` +
    `${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}`,
);
console.log(
  `start-up: node alone ${node.cpu.toFixed(0)} ms, webcapture-content --help ${startup.cpu.toFixed(0)} ms ` +
    `(${cpuTime ? 'CPU' : 'wall clock'})`,
);
console.log(
  `${''.padEnd(36)} ${cpuTime ? 'CPU time (user + system)' : 'wall clock (no GNU time)'.padEnd(23)}  | wall clock`,
);
console.log(row('webcapture-content raw --jobs 1', raw));
console.log(row(`webcapture-content raw (pool of ${pool})`, rawPool));
console.log(row('webcapture-content article --jobs 1', article));
console.log(row('webcapture-content llm --jobs 1', llm));
console.log(row('turndown+gfm (one thread)', turndown));
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const rawRatio = turndown.cpu / raw.cpu;
const articleRatio = article.cpu / raw.cpu;
console.log(
  `goals (CPU time, --jobs 1): start-up < ${GOALS.startupMs} ms: ${verdict(startup.cpu < GOALS.startupMs)}; ` +
    `raw >= ${GOALS.rawVsTurndown}x turndown: ${rawRatio.toFixed(2)}x ${verdict(rawRatio >= GOALS.rawVsTurndown)}; ` +
    `article <= ${GOALS.articleVsRaw}x raw: ${articleRatio.toFixed(2)}x ${verdict(articleRatio <= GOALS.articleVsRaw)}`,
);
