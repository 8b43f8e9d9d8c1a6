import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RuntimeProcess, startRuntimeProcess } from '../../../test/support/runtime-process';

type Started = RuntimeProcess;

/**
 * `npm start` as a user runs it, in its own process group as a terminal would: its own port,
 * data dir and no BOOTSTRAP_API_KEY.
 */
function start(dataDir: string): Promise<Started> {
  return startRuntimeProcess(['npm', 'start', '--silent'], {
    PORT: '0',
    DATA_DIR: dataDir,
    BOOTSTRAP_API_KEY: '',
    SEARCH_PROVIDERS: '',
  });
}

/**
 * Ctrl-C: the terminal sends SIGINT to the whole foreground process group (npm and the server).
 * Resolves with the server's last words once every process of the group has closed its output.
 */
async function interrupt({ child, output }: Started): Promise<string> {
  const closed = once(child.stdout as NodeJS.ReadableStream, 'close');
  process.kill(-(child.pid as number), 'SIGINT');
  await closed;
  return output();
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
    // No search provider configured: the start-up says which variable to set.
    expect(first.output()).toMatch(
      /POST \/v1\/search is off: No search provider is configured: set SEARCH_PROVIDERS/,
    );
    expect(await interrupt(first)).toMatch(/stopping…\s*$/);
    expect(await processesUsing(dataDir)).toBe('');
    // A clean stop removes the endpoints file, so the admin CLI says "start the runtime" instead
    // of trying dead ports.
    expect(existsSync(join(dataDir, 'runtime-env.json'))).toBe(false);

    const second = await start(dataDir);
    expect(second.output()).not.toMatch(/sk_test_/);
    const after = await account(second.baseUrl, key);
    expect(after.status).toBe(200);
    expect(after.body.id).toBe(before.body.id);
    expect(await interrupt(second)).toMatch(/stopping…\s*$/);
    expect(await processesUsing(dataDir)).toBe('');
  });
});
