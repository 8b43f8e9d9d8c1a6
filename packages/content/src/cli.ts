/**
 * webcapture-content: convert saved HTML files from the command line. With many files, this thread
 * and worker threads convert them in parallel (one thread per core) and the output keeps the order
 * of the files.
 * Runs as the bundle `dist/cli.cjs` (scripts/build-cli.mjs), never as TypeScript.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type CliSettings, type Converted, convertFile, EXTRAS, type Extra } from './cli-convert';
import type { LinkStyle, Mode } from './types';

/**
 * Below this many files, a worker's start-up and JIT warm-up cost more than it saves: on two idle
 * cores, 174 pages took 0.94 s wall with a worker against 0.84 s without; 696 pages 2.0 s against
 * 2.4 s (bench/README.md, Whole-process CLI).
 */
const PARALLEL_FROM = 400;

const USAGE = `Usage: webcapture-content [options] FILE...

FILE may be gzipped (.html.gz); the charset is detected as a browser would.

  --mode article|raw|llm        markdown mode (default article)
  --format markdown|html|text|json   output for each file (default markdown)
  --url BASE_URL                URL the page was fetched from (default: the file's file:// URL)
  --jsonl                       one JSON object per file per line: {file, markdown, metadata}
                                plus what --include names
  --include LIST                with --jsonl or --format json, comma-separated extras to compute:
                                links,images,tables,warnings,stats (default none)
  --query TEXT                  BM25 filter: keep blocks relevant to TEXT
  --links inline|references|none|text
  --images inline|references|none|text
  --jobs N                      threads converting files, this one and N-1 workers
                                (default: one per core from ${PARALLEL_FROM} files on, else 1)
  -h, --help
`;

const MODES = new Set(['article', 'raw', 'llm']);
const FORMATS = new Set(['markdown', 'html', 'text', 'json']);
const STYLES = new Set(['inline', 'references', 'none', 'text']);

function fail(message: string): never {
  process.stderr.write(`webcapture-content: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseCommandLine(): { settings: CliSettings; files: string[]; jobs: number } {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      mode: { type: 'string', default: 'article' },
      format: { type: 'string', default: 'markdown' },
      url: { type: 'string' },
      jsonl: { type: 'boolean', default: false },
      include: { type: 'string', default: '' },
      query: { type: 'string', default: '' },
      links: { type: 'string', default: 'inline' },
      images: { type: 'string', default: 'inline' },
      jobs: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (!MODES.has(values.mode)) fail(`unknown --mode ${values.mode}`);
  if (!FORMATS.has(values.format)) fail(`unknown --format ${values.format}`);
  if (!STYLES.has(values.links)) fail(`unknown --links ${values.links}`);
  if (!STYLES.has(values.images)) fail(`unknown --images ${values.images}`);
  const extras = values.include.split(',').filter(Boolean) as Extra[];
  for (const extra of extras) if (!EXTRAS.includes(extra)) fail(`unknown --include ${extra}`);
  const jobs = values.jobs === undefined ? null : Number(values.jobs);
  if (jobs !== null && !(Number.isInteger(jobs) && jobs >= 1)) fail(`--jobs takes a whole number from 1`);
  if (positionals.length === 0) fail('no input files');
  const files = positionals;
  const settings: CliSettings = {
    mode: values.mode as Mode,
    format: values.format as CliSettings['format'],
    url: values.url,
    jsonl: values.jsonl,
    query: values.query,
    links: values.links as LinkStyle,
    images: values.images as LinkStyle,
    extras,
  };
  const defaultJobs = files.length >= PARALLEL_FROM ? availableParallelism() : 1;
  return { settings, files, jobs: Math.min(jobs ?? defaultJobs, files.length) };
}

/** Writes each file's result as it comes, in file order; returns how many failed. */
function createOutput(settings: CliSettings, many: boolean) {
  const jsonItems: object[] = [];
  let failures = 0;
  return {
    write(result: Converted): void {
      if (!result.ok) {
        failures++;
        if (settings.jsonl)
          process.stdout.write(`${JSON.stringify({ file: result.file, error: result.error })}\n`);
        else process.stderr.write(`webcapture-content: ${result.file}: ${result.error}\n`);
      } else if (result.item) jsonItems.push(result.item);
      else if (settings.jsonl) process.stdout.write(`${result.text}\n`);
      else {
        if (many) process.stdout.write(`==> ${result.file} <==\n`);
        process.stdout.write(`${result.text}\n${many ? '\n' : ''}`);
      }
    },
    end(): number {
      if (settings.format === 'json' && !settings.jsonl) {
        process.stdout.write(`${JSON.stringify(many ? jsonItems : jsonItems[0], null, 2)}\n`);
      }
      return failures;
    },
  };
}

/**
 * Converts files on `jobs` threads, this one and `jobs - 1` workers, handing out one file at a
 * time, and releases results in file order. This thread takes files too: one worker fewer to
 * start, each of which loads the bundle and warms its own JIT before its first page.
 */
async function convertInWorkers(
  files: string[],
  settings: CliSettings,
  jobs: number,
  write: (r: Converted) => void,
) {
  const done = new Map<number, Converted>();
  let next = 0;
  let written = 0;
  const settle = (index: number, result: Converted): void => {
    done.set(index, result);
    for (let r = done.get(written); r; r = done.get(written)) {
      done.delete(written++);
      write(r);
    }
  };
  const workerLane = async (): Promise<void> => {
    // process.argv[1] is the bin, which loads this bundle again inside the worker.
    const worker = new Worker(process.argv[1] as string, { workerData: settings });
    let pending: { resolve: (r: Converted) => void; reject: (e: unknown) => void } | null = null;
    worker.on('message', (r: Converted) => pending?.resolve(r));
    worker.on('error', (err) => pending?.reject(err));
    try {
      while (next < files.length) {
        const index = next++;
        const result = new Promise<Converted>((resolve, reject) => {
          pending = { resolve, reject };
        });
        worker.postMessage(files[index]);
        settle(index, await result);
      }
    } finally {
      await worker.terminate();
    }
  };
  const localLane = async (): Promise<void> => {
    while (next < files.length) {
      const index = next++;
      settle(index, convertFile(files[index] as string, settings));
      // Between files, let the workers' results in and hand them their next file.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  // Workers first, so they boot while this thread converts.
  const lanes = Array.from({ length: jobs - 1 }, workerLane);
  lanes.push(localLane());
  await Promise.all(lanes);
}

async function main(): Promise<void> {
  const { settings, files, jobs } = parseCommandLine();
  const output = createOutput(settings, files.length > 1);
  if (jobs > 1) await convertInWorkers(files, settings, jobs, output.write);
  else for (const file of files) output.write(convertFile(file, settings));
  process.exitCode = output.end() ? 1 : 0;
}

if (isMainThread) void main();
else parentPort?.on('message', (file: string) => parentPort?.postMessage(convertFile(file, workerData)));
