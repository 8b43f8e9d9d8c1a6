import { authenticateKey, createApiKey, revokeApiKey } from '@webcapture/service';
import { afterEach, describe, expect, it } from 'vitest';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';

/**
 * Authentication answers from a per-process cache of valid keys for KEY_CACHE_SECONDS. This test
 * file's process plays "another API process"; the test runtime's server is the one that revokes.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  delete process.env.KEY_CACHE_SECONDS;
});

describe('the key cache (KEY_CACHE_SECONDS)', () => {
  it('a key revoked by another process is refused here once the cache window has passed', async () => {
    const { key } = await newAccountWithKey();
    const second = await api('/v1/account/api-keys', { key, body: { name: 'revoked elsewhere' } });
    expect(second.status).toBe(201);
    process.env.KEY_CACHE_SECONDS = '60';
    const principal = await authenticateKey(second.json.key);

    // Revoked through the runtime's server: that process refuses it at once.
    expect((await api(`/v1/account/api-keys/${second.json.id}`, { key, method: 'DELETE' })).status).toBe(204);
    expect((await api('/v1/account', { key: second.json.key })).status).toBe(401);

    // This process still answers from its cache inside the window (the documented staleness)…
    expect(await authenticateKey(second.json.key)).toEqual(principal);
    // …and reads the key again once the window has passed.
    process.env.KEY_CACHE_SECONDS = '0.2';
    await sleep(250);
    await expect(authenticateKey(second.json.key)).rejects.toMatchObject({ code: 'invalid_api_key' });
  });

  it('the process that revokes a key refuses it at once, cached or not', async () => {
    const { accountId } = await newAccountWithKey();
    const created = await createApiKey(accountId, { name: 'revoked here' });
    process.env.KEY_CACHE_SECONDS = '60';
    await authenticateKey(created.key);
    await revokeApiKey(accountId, created.id);
    await expect(authenticateKey(created.key)).rejects.toMatchObject({ code: 'invalid_api_key' });
  });

  it('with KEY_CACHE_SECONDS=0 every request reads the key', async () => {
    const { key } = await newAccountWithKey();
    const second = await api('/v1/account/api-keys', { key, body: { name: 'uncached' } });
    process.env.KEY_CACHE_SECONDS = '0';
    await authenticateKey(second.json.key);
    expect((await api(`/v1/account/api-keys/${second.json.id}`, { key, method: 'DELETE' })).status).toBe(204);
    await expect(authenticateKey(second.json.key)).rejects.toMatchObject({ code: 'invalid_api_key' });
  });
});
