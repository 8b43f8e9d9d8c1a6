import { getAccount, quotaUsage } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnRuntime } from './support/own-runtime';

/**
 * Settings chosen per deployment (ERROR_STYLE, KEY_ENVIRONMENT) need a runtime of their own: this
 * one plays a production stage with camel-case errors.
 */
const liveKey = `sk_live_${'L1ve'.repeat(10)}`;
let baseUrl: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ baseUrl, stop } = await startOwnRuntime({
    bootstrapKey: liveKey,
    env: { ERROR_STYLE: 'camel', KEY_ENVIRONMENT: 'live', ALLOW_PRIVATE_TARGETS: 'false' },
  }));
});

afterAll(() => stop?.());

async function get(path: string, key?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });
  return { status: response.status, json: await response.json() };
}

describe('a production-like deployment', () => {
  it('accepts its sk_live_ key', async () => {
    expect((await get('/v1/account', liveKey)).status).toBe(200);
  });

  it('rejects sk_test_ keys with 401 unauthorized (spec: a key of the other environment)', async () => {
    const response = await get('/v1/account', `sk_test_${'A'.repeat(40)}`);
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe('unauthorized');
    expect(response.json.error.message).toContain('sk_live_');
  });

  it('refuses to capture private addresses (ALLOW_PRIVATE_TARGETS is off, as on AWS), charging nothing', async () => {
    for (const path of ['/v1/scrape', '/v1/fetch', '/v1/screenshots']) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${liveKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${baseUrl}/health` }),
      });
      expect(response.status, path).toBe(400);
      expect((await response.json()).error).toMatchObject({
        code: 'invalid_url',
        details: { url: `${baseUrl}/health`, field: 'url', reason: 'private_address' },
      });
    }
    // startLocalRuntime pointed this process's SDK clients at this runtime's DynamoDB: the account
    // is found there, so zeros below are its real counters, not a miss in another table.
    const account = await get('/v1/account', liveKey);
    expect(await getAccount(account.json.id)).toBeDefined();
    expect(await quotaUsage(account.json.id)).toMatchObject({
      settled_bytes: 0,
      pending_bytes: 0,
      requests: 0,
      leases: 0,
    });
  });

  it('spells errors in camel case: httpStatus, failedAt, details present even when empty', async () => {
    const response = await get('/v1/account');
    expect(response.json).toEqual({
      status: 'failed',
      error: {
        code: 'unauthorized',
        message: expect.any(String),
        httpStatus: 401,
        failedAt: expect.stringMatching(/Z$/),
        details: {},
      },
    });
  });
});
