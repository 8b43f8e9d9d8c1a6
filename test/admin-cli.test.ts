import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { admit } from '@webcapture/service';
import { describe, expect, it } from 'vitest';
import { type ApiResponse, api } from './support/api';
import { until } from './support/until';

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
  it('creates an account, mints its first key, and sets plan, overrides and billing states', {
    timeout: 90_000,
  }, async () => {
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

  it('keeps a dunning grace date unless --grace-until or --clear-grace says otherwise', {
    timeout: 90_000,
  }, async () => {
    const account = await admin('account', 'create', '--name', 'Grace Co');
    const { key } = await admin('key', 'create', account.id);
    const grace = '2099-01-01T00:00:00.000Z';
    const capture = () => api('/v1/fetch', { key, body: { url: 'http://127.0.0.1:9/' } });
    /**
     * The runtime re-reads an account within ACCOUNT_CACHE_SECONDS; each step waits for an answer
     * only the new state gives, so a stale copy cannot pass for it.
     */
    const refusedWith = (done: (r: ApiResponse) => boolean) => until(capture, done, 'the new billing state');

    let set = await admin('account', 'set-subscription', account.id, 'past_due', '--grace-until', grace);
    expect(set.subscription).toMatchObject({ status: 'past_due', grace_until: grace });
    set = await admin('account', 'set-subscription', account.id, 'unpaid');
    expect(set.subscription).toMatchObject({ status: 'unpaid', grace_until: grace });
    expect((await admin('account', 'show', account.id)).subscription.grace_until).toBe(grace);
    const impaired = await refusedWith((r) => r.json.error.details?.subscription_status === 'unpaid');
    expect(impaired.status).toBe(402);
    expect(impaired.json.error).toMatchObject({
      code: 'billing_entitlement_impaired',
      details: { grace_until: grace },
    });

    await admin('account', 'set-subscription', account.id, 'unpaid', '--grace-until', '2020-01-01T00:00:00Z');
    const over = await refusedWith((r) => r.json.error.code === 'billing_entitlement_expired');
    expect(over.json.error.details).toMatchObject({ grace_until: '2020-01-01T00:00:00.000Z' });

    set = await admin('account', 'set-subscription', account.id, 'unpaid', '--clear-grace');
    expect(set.subscription.status).toBe('unpaid');
    expect(set.subscription).not.toHaveProperty('grace_until');
    const noGrace = await refusedWith((r) => r.json.error.code === 'billing_entitlement_impaired');
    expect(noGrace.json.error.details).not.toHaveProperty('grace_until');

    set = await admin('account', 'set-subscription', account.id, 'expired');
    expect(set.subscription.status).toBe('expired');
    const ended = await refusedWith((r) => r.json.error.details?.subscription_status === 'expired');
    expect(ended.status).toBe(402);
    expect(ended.json.error.code).toBe('billing_entitlement_expired');

    await expect(
      admin('account', 'set-subscription', account.id, 'past_due', '--grace-until', grace, '--clear-grace'),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('not both') });
  });

  it('sets and clears the spending cap of a custom-plan account', { timeout: 90_000 }, async () => {
    const account = await admin('account', 'create', '--name', 'Cap Co', '--plan', 'standard');
    await expect(
      admin('account', 'set-spending-cap', account.id, '--cap-usd', '1', '--credit-price-usd', '0.1'),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('custom plans') });

    await admin('account', 'set-plan', account.id, 'enterprise');
    await admin('account', 'set-overrides', account.id, '--monthly_credits', '10', '--concurrency', '100');
    const capped = await admin(
      'account',
      'set-spending-cap',
      account.id,
      '--cap-usd',
      '1',
      '--credit-price-usd',
      '0.1',
    );
    expect(capped.overage).toEqual({ spending_cap_usd: 1, credit_price_usd: 0.1 });
    // Credit-metered admission (schema extraction's, not served over HTTP yet): 10 credits of the
    // plan plus the 10 the 1 USD cap pays for.
    const admitted = (creditCost: number) =>
      admit({ accountId: account.id, endpoint: '/v1/schema', creditCost }).then(
        () => 'admitted',
        (error: { code: string }) => error.code,
      );
    expect(await admitted(20)).toBe('admitted');
    expect(await admitted(1)).toBe('spending_cap_reached');
    expect((await admin('account', 'usage', account.id)).credits).toBe(20);

    const cleared = await admin('account', 'set-spending-cap', account.id, '--clear');
    expect(cleared.overage ?? null).toBeNull();
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
