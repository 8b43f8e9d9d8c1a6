import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', 'bin', 'webcapture-content.js');

function run(args: string[]): string {
  return execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
}

describe('webcapture-content CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wc-cli-'));
  const a = join(dir, 'a.html');
  const b = join(dir, 'b.html');
  writeFileSync(
    a,
    '<html lang="en"><head><title>Page A</title></head><body><h1>Alpha</h1><p>See <a href="/x">x</a>.</p></body></html>',
  );
  writeFileSync(b, '<table><tr><th>k</th><th>v</th></tr><tr><td>1</td><td>2</td></tr></table>');

  it('writes one JSON object per file with --jsonl', () => {
    const lines = run(['--mode', 'raw', '--url', 'https://site.test/p', '--jsonl', a, b]).trim().split('\n');
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
  });
});
