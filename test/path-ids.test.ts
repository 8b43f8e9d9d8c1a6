import { beforeAll, describe, expect, it } from 'vitest';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';

/**
 * A path id not of its route's shape names nothing: 404 with the envelope before any storage
 * call, never DynamoDB's key-size failure as a retryable 500.
 */
let key: string;
let keyId: string;

beforeAll(async () => {
  ({ key, keyId } = await newAccountWithKey());
});

const ULID_LIKE = '01jd0000000000000000000000';

function expectMalformedId(response: { status: number; json: { status: string; error: unknown } }) {
  expect(response.status).toBe(404);
  expect(response.json.status).toBe('failed');
  expect(response.json.error).toMatchObject({
    code: 'not_found',
    http_status: 404,
    details: { field: 'id', reason: 'malformed_id' },
  });
}

describe('path ids', () => {
  it.each([
    ['a 1,100-character sc_ id', `sc_${'a'.repeat(1100)}`],
    ['a 2,000-character multibyte id', `sc_${'é'.repeat(2000)}`],
    ['another prefix', `ak_${ULID_LIKE}`],
    ['upper case', `sc_${ULID_LIKE.toUpperCase()}`],
    ['letters outside the ULID alphabet', 'sc_0000000000000000000000000u'],
    ['a bare prefix', 'sc_'],
  ])('GET /v1/scrape/{id} with %s is 404', async (_name, id) => {
    expectMalformedId(await api(`/v1/scrape/${encodeURIComponent(id)}`, { key }));
  });

  it.each([
    ['PATCH', { name: 'x' }],
    ['DELETE', undefined],
  ])(
    '%s /v1/account/api-keys/ak_<1,100 characters> is 404, and the real key is untouched',
    async (method, body) => {
      expectMalformedId(await api(`/v1/account/api-keys/ak_${'a'.repeat(1100)}`, { key, method, body }));
      expectMalformedId(await api(`/v1/account/api-keys/sc_${ULID_LIKE}`, { key, method, body }));
      const listed = await api('/v1/account/api-keys', { key });
      expect(listed.json.data.find((k: { id: string }) => k.id === keyId)).toMatchObject({
        status: 'active',
      });
    },
  );

  it('a well-formed id that is not on the account is still the plain 404', async () => {
    const response = await api(`/v1/scrape/sc_${ULID_LIKE}`, { key });
    expect(response.status).toBe(404);
    expect(response.json.error.code).toBe('not_found');
    expect(response.json.error.details?.reason).toBeUndefined();
  });

  it('authentication comes first: a malformed id without a key is 401', async () => {
    expect((await api(`/v1/scrape/sc_${'a'.repeat(1100)}`)).status).toBe(401);
  });
});
