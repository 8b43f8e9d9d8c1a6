import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', 'bin', 'webcapture-extract.cjs');
const FIXTURES = join(import.meta.dirname, 'fixtures');

function run(args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
}

describe('webcapture-extract CLI', () => {
  // The bin runs the bundle: build it from the sources under test.
  beforeAll(() => {
    const content = join(import.meta.dirname, '..', '..', 'content', 'scripts', 'build-cli.mjs');
    execFileSync(process.execPath, [content, join(import.meta.dirname, '..')]);
  });
  const dir = mkdtempSync(join(tmpdir(), 'wc-extract-'));
  const schema = join(dir, 'schema.json');
  writeFileSync(
    schema,
    JSON.stringify({
      type: 'object',
      properties: { name: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' } },
      required: ['name', 'price'],
    }),
  );
  const gz = join(dir, 'thomann.html.gz');
  writeFileSync(gz, gzipSync(readFileSync(join(FIXTURES, 'product-thomann-microdata.html'))));

  it('prints one JSON line per file: data, or the missing required properties; exit 1 when one failed', () => {
    const result = run([
      '--schema',
      schema,
      join(FIXTURES, 'product-ghostwares.html'),
      gz,
      join(FIXTURES, 'recipe-wprm.html'),
    ]);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(lines[0].data).toEqual({ name: 'White Speckle Mug', price: 60, currency: 'AUD' });
    expect(lines[0].fields['/price'].source).toBe('json-ld');
    expect(lines[1].data).toEqual({ name: 'Rode NT1 5th Generation Black', price: 169, currency: 'GBP' });
    expect(lines[2]).toMatchObject({ missing: ['/price'] });
    expect(result.status).toBe(1);
  });

  it('refuses an invalid schema with exit 2 and the reasons', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ type: 'object', properties: { a: { type: 'strin' } } }));
    const result = run(['--schema', bad, join(FIXTURES, 'product-ghostwares.html')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/not valid JSON Schema/);
    expect(run([join(FIXTURES, 'product-ghostwares.html')]).status).toBe(2);
  });
});
