import { schemaExtractResponse, usageResponse } from '@webcapture/http';
import { quotaUsage, SCHEMA_CREDIT_COST, setAccountOverrides, setSpendingCap } from '@webcapture/service';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { startApiInstance } from './support/api-instance';
import { startCaptureTestbed } from './support/capture-testbed';

let site: FixtureSite;

beforeAll(async () => {
  ({ site } = await startCaptureTestbed());
});
afterAll(() => site.close());

const productSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    availability: { enum: ['in_stock', 'out_of_stock'] },
    rating: { type: ['number', 'null'] },
    image: { type: 'string', format: 'uri' },
  },
  required: ['name', 'price'],
};

/** Tests share no account: each reads its own counters. */
async function account() {
  return newAccountWithKey({ planId: 'enterprise' });
}

async function usageRow(key: string) {
  const usage = await api('/v1/usage/by-endpoint', { key });
  usageResponse.parse(usage.json);
  return usage.json.rows.find((row: { endpoint: string }) => row.endpoint === '/v1/schema');
}

describe('POST /v1/schema', () => {
  it('answers data that validates against the schema, with provenance; bills 1 credit + the page bandwidth', async () => {
    const { key, accountId } = await account();
    const response = await api('/v1/schema', {
      key,
      body: {
        url: `${site.url}/pages/product-ghostwares`,
        schema: productSchema,
        custom: { job: 7 },
        cache_ttl: 0,
      },
    });
    expect(response.status).toBe(200);
    const body = schemaExtractResponse.parse(response.json);
    expect(body.data).toEqual({
      name: 'White Speckle Mug',
      price: 60,
      currency: 'AUD',
      availability: 'out_of_stock',
      image:
        'http://static1.squarespace.com/static/5618bb18e4b0e976ee26aaf2/5adeda14dc3f5c596146d0c2/61fcadb780ce56614ea866af/1726616253868/GhostWares_Mug_WhiteSpeckle01.jpg?format=1500w',
    });
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    expect(ajv.validate(productSchema, body.data)).toBe(true);
    expect(body.fields['/price']).toEqual({
      source: 'json-ld',
      path: 'Product.offers.price',
      confidence: 0.9,
    });
    expect(body.custom).toEqual({ job: 7 });
    expect(body.final_url).toBe(`${site.url}/pages/product-ghostwares`);

    expect(await quotaUsage(accountId)).toMatchObject({
      credits: SCHEMA_CREDIT_COST,
      settled_bytes: body.content_length,
      pending_bytes: 0,
      leases: 0,
    });
    expect(await usageRow(key)).toEqual({
      endpoint: '/v1/schema',
      raw_bytes: body.content_length,
      billing_multiplier: 1,
      billable_bytes: body.content_length,
      requests: 1,
      credits: 1,
    });
  });

  it('reads a page without structured data (recipe card): label times in minutes, headed lists', async () => {
    const { key } = await account();
    const response = await api('/v1/schema', {
      key,
      body: {
        url: `${site.url}/pages/recipe-wprm`,
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            total_minutes: { type: 'integer', description: 'Total time in minutes' },
            ingredients: { type: 'array', items: { type: 'string' }, minItems: 1 },
          },
          required: ['name', 'ingredients'],
        },
      },
    });
    expect(response.status).toBe(200);
    expect(response.json.data.total_minutes).toBe(815);
    expect(response.json.data.ingredients).toHaveLength(4);
    expect(response.json.fields['/ingredients'].source).toBe('list');
  });

  it('shares the capture cache with scrape: a page scraped before is a hit, billed at the cache-hit rate', async () => {
    const { key, accountId } = await account();
    const url = `${site.url}/pages/job-posting?shared=1`;
    expect((await api('/v1/scrape', { key, body: { url } })).status).toBe(200);
    const before = await quotaUsage(accountId);
    const response = await api('/v1/schema', {
      key,
      body: {
        url,
        schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cache')).toBe('hit');
    expect(response.json.data).toEqual({ title: 'Senior Backend Engineer' });
    const after = await quotaUsage(accountId);
    expect(after.settled_bytes - before.settled_bytes).toBe(Math.ceil(response.json.content_length * 0.25));
    expect(after.credits - before.credits).toBe(1);
  });

  it('a failed extraction is 422 naming the missing fields: credits refunded, bandwidth kept', async () => {
    const { key, accountId } = await account();
    const response = await api('/v1/schema', {
      key,
      body: {
        url: `${site.url}/pages/product-ghostwares`,
        schema: {
          type: 'object',
          properties: { name: { type: 'string' }, isbn: { type: 'string' } },
          required: ['name', 'isbn'],
        },
      },
    });
    expect(response.status).toBe(422);
    expect(response.json.error.code).toBe('validation_error');
    const details = response.json.error.details;
    expect(details).toMatchObject({ reason: 'extraction_failed', missing: ['/isbn'], partial: true });
    // What the page did give, marked partial: valid once `required` is relaxed, nothing invented.
    expect(Object.keys(details.partial_data)).toEqual(['name']);
    expect(details.partial_data.name).toMatch(/White Speckle Mug/);
    expect(details.partial_fields['/name']).toMatchObject({ source: expect.any(String) });
    const usage = await quotaUsage(accountId);
    expect(usage.credits).toBe(0);
    expect(usage.settled_bytes).toBeGreaterThan(0);
    expect(usage).toMatchObject({ pending_bytes: 0, leases: 0 });
    expect(await usageRow(key)).toMatchObject({ endpoint: '/v1/schema', requests: 1, credits: 0 });
  });

  it('a capture that never ran refunds both charges', async () => {
    const { key, accountId } = await account();
    // Nothing listens on port 1: the connection is refused before any byte arrives.
    const response = await api('/v1/schema', {
      key,
      body: { url: 'http://127.0.0.1:1/', schema: productSchema, timeout_ms: 2000 },
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(response.json.status).toBe('failed');
    expect(await quotaUsage(accountId)).toMatchObject({
      credits: 0,
      settled_bytes: 0,
      pending_bytes: 0,
      leases: 0,
    });
  });

  it('refuses an invalid schema with 422 and ajv messages, before charging anything', async () => {
    const { key, accountId } = await account();
    const response = await api('/v1/schema', {
      key,
      body: {
        url: `${site.url}/pages/product-newegg`,
        schema: { type: 'object', properties: { a: { type: 'strin' } } },
      },
    });
    expect(response.status).toBe(422);
    expect(response.json.error.code).toBe('validation_error');
    const fields = response.json.error.details.fields as { field: string; message: string }[];
    expect(fields.every((f) => f.field === 'schema')).toBe(true);
    expect(fields.map((f) => f.message).join(' ')).toMatch(/must be equal to one of the allowed values/);
    // Refused during validation: the page was never fetched.
    expect(site.hits('/pages/product-newegg')).toBe(0);
    expect(await quotaUsage(accountId)).toMatchObject({ credits: 0, settled_bytes: 0, requests: 0 });
  });

  it('400 unsupported_url for rendering options; 400 invalid_url for a bad URL', async () => {
    const { key } = await account();
    for (const extra of [
      { wait_until: 'networkidle' },
      { delay_ms: 500 },
      { wait_for_selector: '#price' },
      { headers: { cookie: 'a=b' } },
    ]) {
      const response = await api('/v1/schema', {
        key,
        body: { url: `${site.url}/pages/x`, schema: productSchema, ...extra },
      });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.json.error.code).toBe('unsupported_url');
    }
    const bad = await api('/v1/schema', { key, body: { url: 'ftp://example.com/', schema: productSchema } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid_url');
  });

  it('402 quota_exceeded once the monthly credits are used up', async () => {
    const { key, accountId } = await account();
    await setAccountOverrides(accountId, { monthly_credits: 1 });
    const body = { url: `${site.url}/pages/product-thomann-microdata`, schema: productSchema };
    expect((await api('/v1/schema', { key, body })).status).toBe(200);
    const refused = await api('/v1/schema', { key, body });
    expect(refused.status).toBe(402);
    expect(refused.json.error.code).toBe('quota_exceeded');
    expect(await quotaUsage(accountId)).toMatchObject({ credits: 1, requests: 1 });
  });
});

describe('POST /v1/schema on a custom plan with an overage agreement', () => {
  it('allows credits beyond the allowance up to the spending cap, then 402 spending_cap_reached', async () => {
    const { key, accountId } = await account();
    await setAccountOverrides(accountId, { monthly_credits: 1 });
    // 0.1 USD at 0.1 USD a credit: one credit of overage.
    await setSpendingCap(accountId, { spending_cap_usd: 0.1, credit_price_usd: 0.1 });
    const body = { url: `${site.url}/pages/product-thomann-microdata`, schema: productSchema };
    expect((await api('/v1/schema', { key, body })).status).toBe(200);
    expect((await api('/v1/schema', { key, body })).status).toBe(200);
    const refused = await api('/v1/schema', { key, body });
    expect(refused.status).toBe(402);
    expect(refused.json.error.code).toBe('spending_cap_reached');
    expect(await quotaUsage(accountId)).toMatchObject({ credits: 2, requests: 2 });
  });
});

describe('POST /v1/schema with the switch off', () => {
  it('answers 404 not_found, before authentication', async () => {
    const off = await startApiInstance({ SCHEMA_ENABLED: 'false' });
    try {
      const { key } = await account();
      for (const authorization of [`Bearer ${key}`, undefined]) {
        const response = await fetch(`${off.baseUrl}/v1/schema`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: JSON.stringify({ url: `${site.url}/pages/product-ghostwares`, schema: productSchema }),
        });
        expect(response.status).toBe(404);
        const { error } = await response.json();
        expect(error).toMatchObject({ code: 'not_found', details: { setting: 'SCHEMA_ENABLED' } });
        expect(error.message).toContain('SCHEMA_ENABLED=true');
      }
    } finally {
      await off.kill();
    }
  });
});
