/**
 * The content CLI as a whole process: start-up time, and throughput over corpus/pages twice
 * (one process, JSON lines out) against turndown + gfm doing the same in one process
 * (bench/lib/turndown-jsonl.mjs). RUNS rounds, each running every command once (so a change in the
 * machine's load reaches all of them alike); medians are compared, and the range of the ratios
 * round by round is printed beside.
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

/** One run of `args` as a whole process: its CPU time (the wall clock when GNU time is missing) and wall clock, in ms. */
function runOnce(args: string[]): { cpu: number; wall: number } {
  const start = process.hrtime.bigint();
  const run = cpuTime
    ? spawnSync(GNU_TIME, ['-f', '%U %S', process.execPath, ...args], {
        stdio: ['ignore', 'ignore', 'pipe'],
      })
    : spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`${args[0]} failed: ${run.stderr}`);
  const [user, system] = String(run.stderr).trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  return { cpu: cpuTime ? ((user ?? 0) + (system ?? 0)) * 1000 : wall, wall };
}

/**
 * Every command once per round, `runs` rounds: a drift in the machine's load then reaches every
 * command alike instead of the ones that ran during it. Each command's medians, and its CPU time
 * per round (for ratios of runs made side by side).
 */
function measureRounds<K extends string>(
  commands: Record<K, string[]>,
): Record<K, Timing & { cpus: number[] }> {
  const names = Object.keys(commands) as K[];
  const cpus = new Map<K, number[]>(names.map((n) => [n, []]));
  const walls = new Map<K, number[]>(names.map((n) => [n, []]));
  for (let i = 0; i < runs; i++) {
    for (const name of names) {
      const t = runOnce(commands[name]);
      cpus.get(name)?.push(t.cpu);
      walls.get(name)?.push(t.wall);
    }
  }
  const out = {} as Record<K, Timing & { cpus: number[] }>;
  for (const name of names) {
    const c = cpus.get(name) ?? [];
    out[name] = { cpu: median(c), wall: median(walls.get(name) ?? []), cpus: c };
  }
  return out;
}

/** The lowest and highest of a/b over the rounds. */
function roundRange(a: number[], b: number[]): string {
  const ratios = a.map((x, i) => x / (b[i] ?? Number.NaN));
  return `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
}

execFileSync(process.execPath, [join(ROOT, 'packages/content/scripts/build-cli.mjs')]);
const pool = Math.min(availableParallelism(), files.length);
const { node, startup, raw, rawPool, article, llm, turndown } = measureRounds({
  node: ['-e', '0'],
  startup: [BIN, '--help'],
  raw: [BIN, '--mode', 'raw', '--jsonl', '--jobs', '1', ...files],
  rawPool: [BIN, '--mode', 'raw', '--jsonl', ...files],
  article: [BIN, '--mode', 'article', '--jsonl', '--jobs', '1', ...files],
  llm: [BIN, '--mode', 'llm', '--jsonl', '--jobs', '1', ...files],
  turndown: [TURNDOWN, ...files],
});

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
console.log(
  `round by round (commands run side by side): raw ${roundRange(turndown.cpus, raw.cpus)}x turndown, ` +
    `article ${roundRange(article.cpus, raw.cpus)}x raw`,
);
