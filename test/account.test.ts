import { describe, expect, inject, it } from 'vitest';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';

describe('public endpoints', () => {
  it('GET /health checks DynamoDB, S3 and every queue without a key', async () => {
    const health = await api('/health');
    expect(health.status).toBe(200);
    expect(health.json.status).toBe('ok');
    expect(Object.keys(health.json.checks)).toEqual(
      expect.arrayContaining(['dynamodb', 's3', 'sqs:webhooks']),
    );
    for (const check of Object.values(health.json.checks) as { ok: boolean }[]) expect(check.ok).toBe(true);
  });

  it('GET /v1/plans lists public plans only, without a key', async () => {
    const plans = await api('/v1/plans');
    expect(plans.status).toBe(200);
    expect(plans.json.data.length).toBeGreaterThan(1);
    for (const plan of plans.json.data) {
      expect(plan.is_custom).toBe(false);
      expect(plan).toEqual(
        expect.objectContaining({
          requests_per_second: expect.any(Number),
          concurrency: expect.any(Number),
          monthly_quota_bytes: expect.any(Number),
          max_bulk_size_bytes: expect.any(Number),
        }),
      );
    }
    expect(plans.json.data.map((p: { id: string }) => p.id)).not.toContain('enterprise');
  });
});

describe('GET /v1/account', () => {
  it('describes the account, plan, subscription and the calling key, never a plaintext key', async () => {
    const { key, keyId, accountId } = await newAccountWithKey();
    const account = await api('/v1/account', { key });
    expect(account.status).toBe(200);
    expect(account.json).toMatchObject({
      id: accountId,
      plan: { id: 'free', is_custom: false },
      subscription: { status: 'active' },
      api_key: { id: keyId, status: 'active' },
    });
    expect(account.text).not.toContain(key);
  });

  it('answers for the bootstrap key the runtime seeded', async () => {
    const account = await api('/v1/account', { key: inject('bootstrapKey') });
    expect(account.status).toBe(200);
    expect(account.json.id).toMatch(/^acct_/);
  });
});
