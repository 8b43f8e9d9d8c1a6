import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/** `npm start` as a user runs it, minus npm: its own port, data dir and no BOOTSTRAP_API_KEY. */
async function start(dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/local/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, BOOTSTRAP_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (listening) resolve(listening[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
  return { child, baseUrl, output: () => output };
}

async function interrupt({ child }: Started): Promise<number | null> {
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const [code] = await exited;
  return code as number | null;
}

/** Processes whose command line names this data dir: DynamoDB Local runs with -dbPath inside it. */
function processesUsing(dataDir: string): Promise<string> {
  return new Promise((resolve) => {
    execFile('pgrep', ['-f', join(dataDir, 'dynamodb')], (_error, stdout) => resolve(stdout.trim()));
  });
}

async function account(baseUrl: string, key: string) {
  const response = await fetch(`${baseUrl}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: (await response.json()) as { id?: string } };
}

describe('npm start', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'webcapture-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('prints a new key once, keeps data across restarts and stops its emulators on Ctrl-C', {
    timeout: 120_000,
  }, async () => {
    const first = await start(dataDir);
    const key = first.output().match(/sk_test_[A-Za-z0-9]{32,}/)?.[0] as string;
    expect(key).toBeDefined();
    expect(await processesUsing(dataDir)).not.toBe('');
    const before = await account(first.baseUrl, key);
    expect(before.status).toBe(200);
    expect(await interrupt(first)).toBe(0);
    expect(await processesUsing(dataDir)).toBe('');

    const second = await start(dataDir);
    expect(second.output()).not.toMatch(/sk_test_/);
    const after = await account(second.baseUrl, key);
    expect(after.status).toBe(200);
    expect(after.body.id).toBe(before.body.id);
    expect(await interrupt(second)).toBe(0);
    expect(await processesUsing(dataDir)).toBe('');
  });
});
