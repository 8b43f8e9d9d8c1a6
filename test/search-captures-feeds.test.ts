import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { searchResponse } from '@webcapture/http';
import { dynamoClient, tableName } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SitemapSite, startSitemapSite } from './fixtures/sitemap-site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { until } from './support/until';

/**
 * What feeds `source: "captures"` besides single scrapes (docs/api/search.md, What is indexed):
 * crawl pages, monitor check snapshots and bulk scrape items, each in its own account's index,
 * through the local runtime's workers.
 */
vi.setConfig({ testTimeout: 150_000 });

let site: SitemapSite;
let alice: { accountId: string; key: string };
let bob: { accountId: string; key: string };
const host = 'feeds.localhost';
const page = (path: string) => site.url(host, path);
const article = (title: string, text: string, links: string[] = []) =>
  `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${text}</p>${links
    .map((link) => `<a href="${link}">${link}</a>`)
    .join(' ')}</article></body></html>`;

interface Hit {
  url: string;
  capture_id: string;
  capture_source: string;
  capture_parent_id?: string;
}

async function search(key: string, query: string): Promise<Hit[]> {
  const response = await api('/v1/search', { key, body: { source: 'captures', query } });
  expect(response.status, response.text).toBe(200);
  expect(searchResponse.safeParse(response.json).error?.issues ?? []).toEqual([]);
  return response.json.results;
}

beforeAll(async () => {
  site = await startSitemapSite();
  site.define(host, {
    '/': article(
      'Lighthouse keepers',
      'The lighthouse keepers of the northern coast trimmed the lamps every night.',
      ['/harbour'],
    ),
    '/harbour': article(
      'Harbour pilots',
      'Harbour pilots steer the freighters past the breakwater at every tide, in fog and in gales.',
    ),
    '/observatory': article(
      'Mountain observatory',
      'The observatory telescope tracks comets and nebulae above the glacier on clear winter nights.',
    ),
    '/beekeeping': article(
      'Beekeeping basics',
      'Beekeepers inspect each hive for the queen, the brood and the honey stores every spring.',
    ),
  });
  [alice, bob] = await Promise.all([
    newAccountWithKey({ planId: 'enterprise' }),
    newAccountWithKey({ planId: 'enterprise' }),
  ]);
});

afterAll(() => site?.close());

describe('the captures index is fed by crawls, monitors and bulk scrapes', () => {
  it("finds a crawled page, a monitor's snapshot and a bulk item for their own account only", async () => {
    const crawl = await api('/v1/crawl', {
      key: alice.key,
      body: { url: page('/'), limit: 5, cache_ttl: 0 },
    });
    expect(crawl.status, crawl.text).toBe(202);
    const monitor = await api('/v1/monitors', {
      key: alice.key,
      body: { url: page('/observatory'), interval_minutes: 60 },
    });
    expect(monitor.status, monitor.text).toBe(201);
    const check = await api(`/v1/monitors/${monitor.json.id}/check`, { key: alice.key, method: 'POST' });
    expect(check.status, check.text).toBe(200);
    const bulk = await api('/v1/scrape/bulk', {
      key: alice.key,
      body: { urls: [page('/beekeeping')], cache_ttl: 0 },
    });
    expect(bulk.status, bulk.text).toBe(202);
    for (const path of [`/v1/crawl/${crawl.json.id}?limit=1`, `/v1/scrape/bulk/${bulk.json.id}?limit=1`]) {
      await until(
        () => api(path, { key: alice.key }),
        (response) => ['completed', 'failed', 'cancelled'].includes(response.json?.status),
        `${path} to end`,
        { timeoutMs: 120_000, intervalMs: 500 },
      );
    }

    // A page the crawl followed a link to, not only its start.
    const [crawled] = await search(alice.key, 'harbour pilots freighters');
    expect(crawled).toMatchObject({
      url: page('/harbour'),
      capture_source: 'crawl',
      capture_parent_id: crawl.json.id,
    });
    expect(crawled?.capture_id).toMatch(/^sc_/);

    const [snapshot] = await search(alice.key, 'observatory comets');
    expect(snapshot).toMatchObject({
      url: page('/observatory'),
      capture_source: 'monitor',
      capture_parent_id: monitor.json.id,
      capture_id: check.json.id,
    });

    const [item] = await search(alice.key, 'beekeepers hive');
    expect(item).toMatchObject({
      url: page('/beekeeping'),
      capture_source: 'bulk',
      capture_parent_id: bulk.json.id,
    });

    for (const query of ['harbour pilots', 'observatory comets', 'beekeepers hive', 'lighthouse'])
      expect(await search(bob.key, query), query).toEqual([]);
  });

  it('keeps each document as long as its capture: 30 days for a monitor check, 7 for the others', async () => {
    const { Items = [] } = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `ACCT#${alice.accountId}`, ':prefix': 'CAPDOC#' },
      }),
    );
    const daysLeft = (source: string) => {
      const item = Items.find((candidate) => candidate.source === source);
      return Math.round((Number(item?.expiresAt) - Date.now() / 1000) / 86_400);
    };
    expect({ crawl: daysLeft('crawl'), bulk: daysLeft('bulk'), monitor: daysLeft('monitor') }).toEqual({
      crawl: 7,
      bulk: 7,
      monitor: 30,
    });
  });
});
