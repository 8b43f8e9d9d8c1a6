import { describe, expect, it } from 'vitest';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';

const KEY_SHAPE = /^sk_test_[A-Za-z0-9]{32,}$/;

describe('API keys', () => {
  it('creates a key with 201, returning the plaintext once, and lists it without the key', async () => {
    const { key } = await newAccountWithKey();
    const created = await api('/v1/account/api-keys', { key, body: { name: 'ci' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'ci',
      status: 'active',
      scopes: ['capture', 'read', 'keys', 'billing'],
    });
    expect(created.json.id).toMatch(/^ak_[0-9a-z]{26}$/);
    expect(created.json.key).toMatch(KEY_SHAPE);
    expect(created.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const listed = await api('/v1/account/api-keys', { key });
    expect(listed.status).toBe(200);
    const entry = listed.json.data.find((k: { id: string }) => k.id === created.json.id);
    expect(entry).toMatchObject({ name: 'ci', last4: created.json.key.slice(-4) });
    expect(listed.text).not.toContain(created.json.key);
    expect(JSON.stringify(entry)).not.toContain('key_hash');

    // The new key works on its own.
    expect((await api('/v1/account', { key: created.json.key })).status).toBe(200);
  });

  it('renames a key with PATCH and answers 404 for an unknown or foreign id', async () => {
    const { key, keyId } = await newAccountWithKey();
    const renamed = await api(`/v1/account/api-keys/${keyId}`, {
      key,
      method: 'PATCH',
      body: { name: 'renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: keyId, name: 'renamed' });
    expect(renamed.json.key).toBeUndefined();

    const other = await newAccountWithKey();
    const foreign = await api(`/v1/account/api-keys/${keyId}`, {
      key: other.key,
      method: 'PATCH',
      body: { name: 'stolen' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('not_found');
  });

  it('validates names: empty → 422 with the field named, unknown fields → 422', async () => {
    const { key } = await newAccountWithKey();
    const empty = await api('/v1/account/api-keys', { key, body: { name: '' } });
    expect(empty.status).toBe(422);
    expect(empty.json.error.code).toBe('validation_error');
    expect(empty.json.error.details.fields[0].field).toBe('name');
    const extra = await api('/v1/account/api-keys', { key, body: { name: 'x', admin: true } });
    expect(extra.status).toBe(422);
  });

  it('revokes with 204, again 204 for a revoked key, and the key stops authenticating at once', async () => {
    const { key } = await newAccountWithKey();
    const second = await api('/v1/account/api-keys', { key, body: { name: 'to revoke' } });
    const id = second.json.id;
    expect((await api('/v1/account', { key: second.json.key })).status).toBe(200);

    const revoked = await api(`/v1/account/api-keys/${id}`, { key, method: 'DELETE' });
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');
    const denied = await api('/v1/account', { key: second.json.key });
    expect(denied.status).toBe(401);
    expect(denied.json.error.code).toBe('invalid_api_key');

    expect((await api(`/v1/account/api-keys/${id}`, { key, method: 'DELETE' })).status).toBe(204);
    const listed = await api('/v1/account/api-keys', { key });
    expect(listed.json.data.find((k: { id: string }) => k.id === id)).toMatchObject({ status: 'revoked' });
    expect((await api('/v1/account/api-keys/ak_unknown', { key, method: 'DELETE' })).status).toBe(404);
  });

  it('holds the 50-active-key cap under 60 concurrent creates, and revoked keys stop counting', async () => {
    const { key } = await newAccountWithKey(); // active key number 1
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => api('/v1/account/api-keys', { key, body: { name: `k${i}` } })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(49);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const refused = results.find((r) => r.status === 409);
    expect(refused?.json.error.code).toBe('api_key_limit_reached');

    const listed = await api('/v1/account/api-keys', { key });
    expect(listed.json.data.filter((k: { status: string }) => k.status === 'active')).toHaveLength(50);
    expect((await api('/v1/account', { key })).json.active_api_keys).toBe(50);

    const victim = results.find((r) => r.status === 201)?.json.id;
    expect((await api(`/v1/account/api-keys/${victim}`, { key, method: 'DELETE' })).status).toBe(204);
    expect((await api('/v1/account/api-keys', { key, body: { name: 'after revoke' } })).status).toBe(201);
    expect((await api('/v1/account/api-keys', { key, body: { name: 'over' } })).status).toBe(409);
  });

  it('forbids what a key lacks permission for, and granting more than it holds', async () => {
    const { key } = await newAccountWithKey({ scopes: ['read'] });
    const denied = await api('/v1/account/api-keys', { key, body: { name: 'nope' } });
    expect(denied.status).toBe(403);
    expect(denied.json.error).toMatchObject({ code: 'forbidden', details: { required_scope: 'keys' } });
    expect((await api('/v1/account', { key })).status).toBe(200);

    const keysOnly = await newAccountWithKey({ scopes: ['keys'] });
    const escalate = await api('/v1/account/api-keys', {
      key: keysOnly.key,
      body: { name: 'escalate', scopes: ['capture'] },
    });
    expect(escalate.status).toBe(403);
    const narrower = await api('/v1/account/api-keys', {
      key: keysOnly.key,
      body: { name: 'same', scopes: ['keys'] },
    });
    expect(narrower.status).toBe(201);
    expect(narrower.json.scopes).toEqual(['keys']);
  });
});
