import { describe, expect, it } from 'vitest';
import {
  authenticateKey,
  createAccount,
  createApiKey,
  ensureBootstrapAccount,
  getAccount,
  revokeApiKey,
} from '../../src';

const keyOf = (environment: 'test' | 'live', fill: string) => `sk_${environment}_${fill.repeat(40)}`;

describe('the local bootstrap account', () => {
  it('creates an account holding exactly BOOTSTRAP_API_KEY once, then finds it again', async () => {
    const key = keyOf('test', 'B');
    const first = await ensureBootstrapAccount(key);
    expect(await ensureBootstrapAccount(key)).toEqual(first);
    expect((await authenticateKey(key)).accountId).toBe(first.accountId);
  });

  it('starts a new bootstrap account on the plan asked for, and leaves an existing one on its own', async () => {
    const key = keyOf('test', 'P');
    const { accountId } = await ensureBootstrapAccount(key, 'enterprise');
    expect((await getAccount(accountId))?.plan_id).toBe('enterprise');
    await ensureBootstrapAccount(key, 'free');
    expect((await getAccount(accountId))?.plan_id).toBe('enterprise');
  });

  it('refuses a key of the other environment instead of seeding a key that can never authenticate', async () => {
    await expect(ensureBootstrapAccount(keyOf('live', 'C'))).rejects.toThrow(/accepts only sk_test_ keys/);
  });

  it('refuses a bootstrap key that was revoked instead of bringing it back in a new account', async () => {
    const key = keyOf('test', 'D');
    const { accountId } = await ensureBootstrapAccount(key);
    const created = await authenticateKey(key);
    await revokeApiKey(accountId, created.keyId);
    await expect(ensureBootstrapAccount(key)).rejects.toThrow(/was revoked/);
    await expect(authenticateKey(key)).rejects.toMatchObject({ code: 'invalid_api_key' });
  });

  it('never registers a revoked plaintext again, on any account', async () => {
    const account = await createAccount({ name: 'reuse' });
    const key = keyOf('test', 'E');
    const created = await createApiKey(account.id, { name: 'k', plaintext: key });
    await revokeApiKey(account.id, created.id);
    const other = await createAccount({ name: 'other' });
    await expect(createApiKey(other.id, { name: 'k', plaintext: key })).rejects.toMatchObject({
      code: 'validation_error',
    });
  });

  it('names a missing account instead of blaming the key cap', async () => {
    await expect(createApiKey('acct_missing', { name: 'k' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
