import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', 'bin', 'webcapture-content.cjs');

function run(args: string[]): string {
  return execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
}

describe('webcapture-content CLI', () => {
  // The bin runs the bundle: build it from the sources under test.
  beforeAll(() => {
    execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'build-cli.mjs')]);
  });
  const dir = mkdtempSync(join(tmpdir(), 'wc-cli-'));
  const a = join(dir, 'a.html');
  const b = join(dir, 'b.html');
  writeFileSync(
    a,
    '<html lang="en"><head><title>Page A</title></head><body><h1>Alpha</h1><p>See <a href="/x">x</a>.</p></body></html>',
  );
  writeFileSync(b, '<table><tr><th>k</th><th>v</th></tr><tr><td>1</td><td>2</td></tr></table>');

  it('writes one JSON object per file with --jsonl, with the extras --include names', () => {
    const args = ['--mode', 'raw', '--url', 'https://site.test/p', '--jsonl'];
    const include = ['--include', 'links,images,tables,warnings,stats'];
    const lines = run([...args, ...include, a, b])
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0] as string);
    expect(Object.keys(first)).toEqual([
      'file',
      'markdown',
      'metadata',
      'links',
      'images',
      'tables',
      'warnings',
      'stats',
    ]);
    expect(first.file).toBe(a);
    expect(first.markdown).toBe('# Alpha\n\nSee [x](https://site.test/x).');
    expect(first.metadata.title).toBe('Page A');
    expect(first.links[0]).toMatchObject({ url: 'https://site.test/x', isInternal: true });
    const second = JSON.parse(lines[1] as string);
    expect(second.tables).toEqual([
      { kind: 'data', gfm: '| k | v |\n| --- | --- |\n| 1 | 2 |', rows: 2, cols: 2 },
    ]);
    expect(second.stats).toMatchObject({ blocks: 1 });
    const plain = JSON.parse(run([...args, a]));
    expect(Object.keys(plain)).toEqual(['file', 'markdown', 'metadata']);
    expect(plain.markdown).toBe(first.markdown);
  });

  it('keeps file order when worker threads convert in parallel', () => {
    const files = Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b));
    const serial = run(['--mode', 'raw', '--jsonl', '--jobs', '1', ...files]);
    const parallel = run(['--mode', 'raw', '--jsonl', '--jobs', '3', ...files]);
    expect(parallel).toBe(serial);
    expect(
      parallel
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).file),
    ).toEqual(files);
  });

  it('reads gzipped pages by their magic bytes', () => {
    const gz = join(dir, 'a.html.gz');
    writeFileSync(gz, gzipSync(readFileSync(a)));
    expect(run(['--mode', 'raw', '--format', 'text', gz])).toBe('Alpha\n\nSee x.\n');
  });

  it('prints plain text with --format text and cleaned HTML with --format html', () => {
    expect(run(['--mode', 'raw', '--format', 'text', a])).toBe('Alpha\n\nSee x.\n');
    expect(run(['--mode', 'raw', '--format', 'html', '--url', 'https://site.test/p', a])).toContain(
      'href="https://site.test/x"',
    );
  });

  it('fails with usage on a bad option', () => {
    expect(() => execFileSync(process.execPath, [BIN, '--mode', 'nope', a], { stdio: 'pipe' })).toThrow(
      /unknown --mode/,
    );
    expect(() =>
      execFileSync(process.execPath, [BIN, '--jsonl', '--include', 'x', a], { stdio: 'pipe' }),
    ).toThrow(/unknown --include x/);
  });

  it("keeps V8's code cache of the bundle, made again when stale or rejected", () => {
    const bundle = join(import.meta.dirname, '..', 'dist', 'cli.cjs');
    const cache = `${bundle}.cache`;
    const expected = run(['--mode', 'raw', a]);
    expect(expected).toContain('# Alpha');
    // Older than the bundle (as after a rebuild): not read, and replaced at exit.
    utimesSync(cache, 0, 0);
    expect(run(['--mode', 'raw', a])).toBe(expected);
    expect(statSync(cache).mtimeMs).toBeGreaterThanOrEqual(statSync(bundle).mtimeMs);
    // Not V8's (another Node version's): rejected, replaced, and the output unchanged.
    writeFileSync(cache, 'not a code cache');
    expect(run(['--mode', 'raw', a])).toBe(expected);
    expect(readFileSync(cache).length).toBeGreaterThan(1000);
    expect(run(['--mode', 'raw', a])).toBe(expected);
  });

  it('runs the bundle, not TypeScript: the bin loads no tsx', () => {
    const bin = readFileSync(BIN, 'utf8');
    expect(bin).not.toMatch(/tsx/);
    expect(readFileSync(join(import.meta.dirname, '..', 'dist', 'cli.cjs'), 'utf8')).toContain(
      'webcapture-content',
    );
  });
});
