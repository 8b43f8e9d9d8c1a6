import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { api } from './support/api';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');

/** The CLI as an operator runs it, against the test runtime's table (TABLE_NAME is in the env). */
async function admin(...args: string[]) {
  const { stdout } = await run(
    resolve(root, 'node_modules/.bin/tsx'),
    ['packages/service/bin/admin.ts', ...args],
    {
      cwd: root,
      env: process.env,
    },
  );
  return JSON.parse(stdout);
}

describe('admin CLI', () => {
  it('creates an account, mints its first key, and sets plan, overrides and billing states', async () => {
    const account = await admin('account', 'create', '--name', 'CLI Co', '--plan', 'standard');
    expect(account).toMatchObject({
      name: 'CLI Co',
      plan_id: 'standard',
      subscription: { status: 'active' },
    });

    const key = await admin('key', 'create', account.id, '--name', 'first', '--scopes', 'read,capture');
    expect(key.key).toMatch(/^sk_test_[A-Za-z0-9]{40}$/);
    expect(key.scopes).toEqual(['read', 'capture']);
    const me = await api('/v1/account', { key: key.key });
    expect(me.json).toMatchObject({ id: account.id, plan: { id: 'standard' } });

    expect(await admin('account', 'set-plan', account.id, 'enterprise')).toMatchObject({
      plan_id: 'enterprise',
    });
    const overridden = await admin('account', 'set-overrides', account.id, '--requests_per_second', '7');
    expect(overridden.overrides).toEqual({ requests_per_second: 7 });

    await admin('account', 'set-subscription', account.id, 'past_due');
    const refused = await api('/v1/fetch', { key: key.key, body: { url: 'http://127.0.0.1:9/' } });
    expect(refused.status).toBe(402);
    expect(refused.json.error.code).toBe('billing_entitlement_impaired');
    expect(refused.json.error.message).toContain('past_due');
  });

  it('explains a wrong command instead of guessing', async () => {
    await expect(
      run(resolve(root, 'node_modules/.bin/tsx'), ['packages/service/bin/admin.ts', 'account', 'delete'], {
        cwd: root,
        env: process.env,
      }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('unknown command "account delete"'),
    });
  });
});
