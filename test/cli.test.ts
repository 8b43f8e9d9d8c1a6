import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FIXTURE_ARTICLE_TITLE, type FixtureSite, startFixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { decodePng } from './support/images';

// The built bin, as `npx webcapture` runs it (npm run build makes it).
const CLI = fileURLToPath(new URL('../packages/sdk/dist/cli.js', import.meta.url));

let site: FixtureSite;
let dir: string;
let key: string;
beforeAll(async () => {
  [site, dir, { key }] = await Promise.all([
    startFixtureSite(),
    mkdtemp(join(tmpdir(), 'webcapture-cli-')),
    newAccountWithKey({ planId: 'enterprise' }),
  ]);
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

async function webcapture(args: string[], env: Record<string, string | undefined> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      env: { ...process.env, WEBCAPTURE_API_KEY: key, WEBCAPTURE_BASE_URL: inject('baseUrl'), ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the webcapture command', () => {
  it('scrapes to Markdown on stdout, and to the whole envelope with --json', async () => {
    const plain = await webcapture(['scrape', `${site.url}/html`, '--format', 'markdown']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('This page exists so that tests have something real to fetch');
    expect(plain.stdout.trimStart().startsWith('{')).toBe(false);

    const json = await webcapture(['scrape', `${site.url}/html`, '--format', 'markdown', 'links', '--json']);
    expect(json.code).toBe(0);
    const envelope = JSON.parse(json.stdout);
    expect(envelope).toMatchObject({ status: 'success', metadata: { title: FIXTURE_ARTICLE_TITLE } });
    expect(envelope.formats.links).toContain(`${site.url}/text`);
  }, 60_000);

  it('writes a screenshot to the file named, and describes it with --json', async () => {
    const file = join(dir, 'page.png');
    const result = await webcapture([
      'screenshot',
      `${site.url}/html`,
      '-o',
      file,
      '--width',
      '400',
      '--height',
      '300',
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'completed', format: 'png', file });
    const png = decodePng(await readFile(file));
    expect([png.width, png.height]).toEqual([400, 300]);
  }, 60_000);

  it('runs a file of URLs as one bulk job and saves each result', async () => {
    const list = join(dir, 'urls.txt');
    await writeFile(list, `# two pages\n${site.url}/html?a=1\n\n${site.url}/html?a=2\nnot a url\n`);
    const out = join(dir, 'results');
    const result = await webcapture(['bulk', list, '-o', out, '--json']);
    expect(result.code).toBe(0);
    const job = JSON.parse(result.stdout);
    expect(job).toMatchObject({
      kind: 'scrape',
      status: 'completed',
      counts: { total: 3, completed: 2, failed: 1 },
    });
    expect(job.items.map((item: { status: string }) => item.status).sort()).toEqual([
      'completed',
      'completed',
      'failed',
    ]);
    const saved = JSON.parse(await readFile(join(out, '0.json'), 'utf8'));
    expect(JSON.stringify(saved)).toContain(FIXTURE_ARTICLE_TITLE);
  }, 60_000);

  it('extracts to a JSON Schema file', async () => {
    const schemaFile = join(dir, 'product.json');
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, price: { type: 'number' } },
      required: ['name', 'price'],
    };
    await writeFile(schemaFile, JSON.stringify(schema));
    const result = await webcapture(['schema', `${site.url}/pages/product-ghostwares`, schemaFile, '--json']);
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout);
    expect(answer.status).toBe('success');
    expect(typeof answer.data.name).toBe('string');
    expect(typeof answer.data.price).toBe('number');
  }, 60_000);

  it('reports the API’s error on stderr with its code, and a missing key as a usage error', async () => {
    const refused = await webcapture(['scrape', 'ftp://example.com/', '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr)).toMatchObject({
      status: 'failed',
      error: { code: 'invalid_url', http_status: 400 },
    });

    const keyless = await webcapture(['scrape', `${site.url}/html`], { WEBCAPTURE_API_KEY: '' });
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toContain('WEBCAPTURE_API_KEY');
  }, 60_000);
});
