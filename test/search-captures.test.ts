import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { searchResponse } from '@webcapture/http';
import { dynamoClient, quotaUsage, SEARCH_CREDIT_COST, tableName } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SitemapSite, startSitemapSite } from './fixtures/sitemap-site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';

/** POST /v1/search with source "captures": BM25 over each account's own scrapes (docs/api/search.md). */
vi.setConfig({ testTimeout: 90_000 });

let site: SitemapSite;
let alice: { accountId: string; key: string };
let bob: { accountId: string; key: string };
const host = 'captures.localhost';
const page = (path: string) => site.url(host, path);
const article = (title: string, paragraphs: string[]) =>
  `<html><head><title>${title}</title></head><body><article><h1>${title}</h1>${paragraphs
    .map((text) => `<p>${text}</p>`)
    .join('')}</article></body></html>`;

const search = (key: string, body: Record<string, unknown>) =>
  api('/v1/search', { key, body: { source: 'captures', ...body } });
const urlsOf = (response: { json: { results: Array<{ url: string }> } }) =>
  response.json.results.map((result) => result.url);

beforeAll(async () => {
  site = await startSitemapSite();
  site.define(host, {
    '/volcanoes': article('Volcanoes of Iceland', [
      'Volcano eruptions shape Iceland. Each volcano eruption sends lava across the highlands, and the lava fields of the last eruption are still warm.',
      'Geologists watch every volcano on the island for the signs of the next eruption: tremors, gas and rising ground.',
    ]),
    '/garden': article('Growing tomatoes', [
      'Tomatoes want sun, water and patience. Rich soil helps; some gardeners swear by volcanic ash from a volcano.',
      'Pick the tomatoes when they are red and slightly soft, and keep them out of the fridge.',
    ]),
    '/cake': article('Chocolate cake', [
      'A chocolate cake shaped like a volcano, with a molten centre that flows like an eruption when cut.',
      'Bake it for twenty minutes so the centre stays soft.',
    ]),
  });
  [alice, bob] = await Promise.all([
    newAccountWithKey({ planId: 'enterprise' }),
    newAccountWithKey({ planId: 'enterprise' }),
  ]);
  const scrape = async (key: string, body: Record<string, unknown>) => {
    const response = await api('/v1/scrape', { key, body: { cache_ttl: 0, ...body } });
    expect(response.status, response.text).toBe(200);
  };
  // Alice's pages: one scraped as markdown, one with the default rawHtml (indexed from its HTML).
  await scrape(alice.key, { url: page('/volcanoes'), formats: ['markdown'] });
  await scrape(alice.key, { url: page('/garden') });
  await scrape(bob.key, { url: page('/cake'), formats: ['markdown'] });
});

afterAll(() => site?.close());

describe('POST /v1/search with source "captures"', () => {
  it("ranks the account's own page with the query's words first, shaped like web results", async () => {
    const response = await search(alice.key, { query: 'volcano eruption' });
    expect(response.status, response.text).toBe(200);
    expect(searchResponse.safeParse(response.json).error?.issues ?? []).toEqual([]);
    expect(urlsOf(response)).toEqual([page('/volcanoes'), page('/garden')]);
    expect(response.json).toMatchObject({ provider: 'captures', partial: false });
    const [first] = response.json.results;
    expect(first).toMatchObject({
      url: page('/volcanoes'),
      title: 'Volcanoes of Iceland',
      position: 1,
      provider: 'captures',
    });
    expect(first.capture_id).toMatch(/^sc_/);
    expect(Date.parse(first.captured_at)).toBeGreaterThan(Date.now() - 600_000);
    expect(first.description.toLowerCase()).toContain('volcano');
    // The capture id names the scrape itself.
    expect((await api(`/v1/scrape/${first.capture_id}`, { key: alice.key })).json.status).toBe('completed');
    expect(urlsOf(await search(alice.key, { query: 'tomatoes', limit: 1 }))).toEqual([page('/garden')]);
  });

  it("never shows one account another's pages", async () => {
    expect(urlsOf(await search(bob.key, { query: 'volcano' }))).toEqual([page('/cake')]);
    expect(urlsOf(await search(alice.key, { query: 'chocolate cake' }))).toEqual([]);
    expect(urlsOf(await search(bob.key, { query: 'tomatoes iceland' }))).toEqual([]);
    const stranger = await newAccountWithKey({ planId: 'enterprise' });
    expect(urlsOf(await search(stranger.key, { query: 'volcano' }))).toEqual([]);
  });

  it('bills the search credit, and refuses invalid fields with 400 validation_error', async () => {
    const account = await newAccountWithKey({ planId: 'enterprise' });
    expect((await search(account.key, { query: 'volcano' })).status).toBe(200);
    expect(await quotaUsage(account.accountId)).toMatchObject({ credits: SEARCH_CREDIT_COST, requests: 1 });
    for (const body of [
      { query: 'volcano', scrape: { formats: ['markdown'] } },
      { query: 'volcano', source: 'intranet' },
      { query: '' },
      { query: 'volcano', limit: 21 },
    ]) {
      const response = await search(account.key, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.code).toBe('validation_error');
    }
  });

  it('forgets a capture once it expires', async () => {
    const { Items } = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `ACCT#${alice.accountId}`, ':prefix': 'CAPDOC#' },
      }),
    );
    const garden = Items?.find((item) => item.url === page('/garden'));
    expect(garden).toBeDefined();
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: garden?.pk, sk: garden?.sk },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect(urlsOf(await search(alice.key, { query: 'volcano eruption' }))).toEqual([page('/volcanoes')]);
    expect(urlsOf(await search(alice.key, { query: 'tomatoes' }))).toEqual([]);
  });
});
