import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The house rules of issue 22, read from the tree rather than kept by eye.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_SOURCE_LINES = 600;
const MAX_HANDLER_LINES = 40;
const MAX_TOP_LEVEL_FILES = 15;

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path);
      return path.endsWith('.ts') ? [path] : [];
    }),
  );
  return nested.flat();
}

async function packageDirs(): Promise<string[]> {
  const entries = await readdir(join(ROOT, 'packages'), { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => join(ROOT, 'packages', entry.name));
}

async function sourceFiles(): Promise<string[]> {
  const dirs = await packageDirs();
  const files = await Promise.all(dirs.flatMap((dir) => [walk(join(dir, 'src')), walk(join(dir, 'bin'))]));
  return [...files.flat(), ...(await walk(join(ROOT, 'functions')))];
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('the dependency rule', () => {
  it('holds for every import: arrows point down, no circles, pure and network packages never touch storage', async () => {
    const bin = join(ROOT, 'node_modules/.bin/depcruise');
    const { stdout } = await promisify(execFile)(
      bin,
      ['packages', 'functions', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number };
    };
    const violations = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(violations).toEqual([]);
    // A config that matched nothing would pass too: make sure the whole tree was read.
    expect(report.summary.totalCruised).toBeGreaterThan(200);
  });

  it('keeps queue clients and SQS events out of http', async () => {
    const files = await walk(join(ROOT, 'packages/http/src'));
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      if (/\bSQSEvent\b|@aws-sdk\/client-sqs/.test(text)) offenders.push(relative(ROOT, file));
    }
    expect(offenders).toEqual([]);
  });
});

describe('room sizes', () => {
  it(`has no source file over ${MAX_SOURCE_LINES} lines`, async () => {
    const tooLong: string[] = [];
    for (const file of await sourceFiles()) {
      const lines = lineCount(await readFile(file, 'utf8'));
      if (lines > MAX_SOURCE_LINES) tooLong.push(`${relative(ROOT, file)} (${lines})`);
    }
    expect(tooLong).toEqual([]);
  });

  it(`has no handler in functions/ over ${MAX_HANDLER_LINES} lines`, async () => {
    const tooLong: string[] = [];
    for (const file of await walk(join(ROOT, 'functions'))) {
      const lines = lineCount(await readFile(file, 'utf8'));
      if (lines > MAX_HANDLER_LINES) tooLong.push(`${relative(ROOT, file)} (${lines})`);
    }
    expect(tooLong).toEqual([]);
  });

  it(`has no src/ with more than ${MAX_TOP_LEVEL_FILES} files at its top level`, async () => {
    const crowded: string[] = [];
    for (const dir of await packageDirs()) {
      const entries = await readdir(join(dir, 'src'), { withFileTypes: true }).catch(() => []);
      const files = entries.filter((entry) => entry.isFile()).length;
      if (files > MAX_TOP_LEVEL_FILES) crowded.push(`${relative(ROOT, dir)}/src (${files})`);
    }
    expect(crowded).toEqual([]);
  });

  it('defines every exported function name in one file only', async () => {
    const definedIn = new Map<string, string[]>();
    const exported =
      /^export (?:async )?function\*? ?([A-Za-z0-9_$]+)|^export const ([A-Za-z0-9_$]+) = (?:async )?\(/gm;
    for (const file of await sourceFiles()) {
      // Every handler exports `handler`: that name is the Lambda contract, not a duplicate.
      if (file.startsWith(join(ROOT, 'functions'))) continue;
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(exported)) {
        const name = (match[1] ?? match[2]) as string;
        definedIn.set(name, [...(definedIn.get(name) ?? []), relative(ROOT, file)]);
      }
    }
    const twice = [...definedIn]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
