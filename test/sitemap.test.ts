import { gzipSync } from 'node:zlib';
import { sitemapResponse } from '@webcapture/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedPage, type SitemapSite, startSitemapSite } from './fixtures/sitemap-site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';

/** POST /v1/sitemap through the local runtime, against sites on 127.0.0.1 (test/fixtures/sitemap-site.ts). */
let site: SitemapSite;
let key: string;

const urlset = (locs: string[], extra = '') =>
  `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">${locs
    .map((loc) => `<url><loc>${loc}</loc>${extra}</url>`)
    .join('')}</urlset>`;
const index = (locs: string[]) =>
  `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('')}</sitemapindex>`;

const map = (body: Record<string, unknown>) => api('/v1/sitemap', { key, body });
const urlsOf = (json: { urls: Array<{ url: string }> }) => json.urls.map((entry) => entry.url).sort();

beforeAll(async () => {
  site = await startSitemapSite();
  ({ key } = await newAccountWithKey({ planId: 'enterprise' }));
  const news = (path: string) => site.url('news.localhost', path);
  site.define('news.localhost', {
    '/robots.txt': `User-agent: *\nDisallow: /drafts\n\nSitemap: ${news('/sitemap_index.xml')}\n`,
    '/sitemap_index.xml': index([news('/nested-index.xml')]),
    '/nested-index.xml': index([
      news('/articles.xml'),
      news('/archive.txt'),
      news('/rss'),
      news('/nested-index.xml'),
    ]),
    '/articles.xml': {
      body: gzipSync(
        urlset(
          [
            news('/a/1'),
            `${news('/a/1/')}#top`,
            news('/a/2?ref=sitemap&amp;x=1'),
            news('/a/caf&#233;'),
            `<![CDATA[${news('/a/3')}]]>`,
            news('/drafts/secret'),
            'https://other.example/a/4',
            site.url('cdn.news.localhost', '/a/5'),
          ],
          '<image:image><image:loc>https://img.example/x.png</image:loc></image:image><lastmod>2025-04-05</lastmod>',
        ),
      ),
    },
    '/archive.txt': `${news('/old/1')}\n${news('/old/2')}\n`,
    '/rss': {
      body: `<rss version="2.0"><channel><link>${news('/')}</link><item><link>${news('/a/6')}</link></item></channel></rss>`,
      type: 'application/rss+xml',
    },
    '/': '<html><body><a href="/about">About</a><a href="/a/1">one</a><a href="/drafts/x">d</a></body></html>',
  });
  site.define('bare.localhost', {
    '/sitemap.xml': urlset([site.url('bare.localhost', '/p?id=1'), site.url('bare.localhost', '/p?id=2')]),
  });
  site.define('slow.localhost', {
    '/robots.txt': `Sitemap: ${site.url('slow.localhost', '/quick.xml')}\nSitemap: ${site.url('slow.localhost', '/late.xml')}\n`,
    '/quick.xml': urlset([site.url('slow.localhost', '/quick')]),
    '/late.xml': { body: urlset([site.url('slow.localhost', '/late')]), delayMs: 4000 },
  });
  site.defineGenerated('big.localhost', { total: 45_000, perFile: 10_000, leavesPerIndex: 2 });
});

afterAll(() => site?.close());

describe('POST /v1/sitemap', () => {
  it('maps robots.txt sitemaps (nested, gzip by magic bytes, text, RSS), links, each URL once, normalised', async () => {
    const news = (path: string) => site.url('news.localhost', path);
    const response = await map({ url: news('/') });
    expect(response.status, response.text).toBe(200);
    expect(sitemapResponse.safeParse(response.json).error?.issues ?? []).toEqual([]);
    expect(urlsOf(response.json)).toEqual(
      [
        news('/a/1'),
        news('/a/2'),
        news('/a/caf%C3%A9'),
        news('/a/3'),
        news('/old/1'),
        news('/old/2'),
        news('/a/6'),
        news('/about'),
      ].sort(),
    );
    expect(response.json.complete).toBe(true);
    const first = response.json.urls.find((entry: { url: string }) => entry.url === news('/a/1'));
    expect(first).toEqual({
      url: news('/a/1'),
      lastmod: '2025-04-05T00:00:00.000Z',
      sources: expect.arrayContaining(['sitemaps', 'links']),
    });
    const byPath = Object.fromEntries(
      response.json.sitemaps.map((report: { url: string }) => [new URL(report.url).pathname, report]),
    );
    expect(byPath['/articles.xml']).toMatchObject({
      status: 'read',
      kind: 'urlset',
      urls: 8,
      truncated: false,
    });
    expect(byPath['/archive.txt']).toMatchObject({ status: 'read', kind: 'text', urls: 2 });
    expect(byPath['/rss']).toMatchObject({ status: 'read', kind: 'rss', urls: 1 });
    expect(site.hits('news.localhost', '/nested-index.xml')).toBe(1);
  });

  it('includes subdomains and query variants only when asked', async () => {
    const withSubdomains = await map({
      url: site.url('news.localhost', '/'),
      include_subdomains: true,
      sources: ['sitemaps'],
    });
    expect(urlsOf(withSubdomains.json)).toContain(site.url('cdn.news.localhost', '/a/5'));
    const bare = (path: string) => site.url('bare.localhost', path);
    expect(urlsOf((await map({ url: bare('/') })).json)).toEqual([bare('/p')]);
    expect(urlsOf((await map({ url: bare('/'), ignore_query_params: false })).json)).toEqual([
      bare('/p?id=1'),
      bare('/p?id=2'),
    ]);
  });

  it('ranks URLs matching search first', async () => {
    const response = await map({ url: site.url('news.localhost', '/'), search: 'archive old' });
    expect(
      response.json.urls
        .slice(0, 2)
        .map((entry: { url: string }) => new URL(entry.url).pathname)
        .sort(),
    ).toEqual(['/old/1', '/old/2']);
  });

  it('says complete: false when the limit or the time budget cut the map', async () => {
    const limited = await map({ url: site.url('big.localhost', '/'), limit: 250, sources: ['sitemaps'] });
    expect(limited.status).toBe(200);
    expect(limited.json.urls).toHaveLength(250);
    expect(limited.json).toMatchObject({ complete: false, cut: 'limit' });
    const budgeted = await map({ url: site.url('slow.localhost', '/'), time_budget_ms: 1000 });
    expect(budgeted.json).toMatchObject({ complete: false, cut: 'time_budget' });
    expect(urlsOf(budgeted.json)).toEqual([site.url('slow.localhost', '/quick')]);
  });

  it('is exhaustive on a 45,000-URL sitemap with gzip and nesting', async () => {
    const response = await map({
      url: site.url('big.localhost', '/'),
      limit: 100_000,
      sources: ['sitemaps'],
    });
    expect(response.status).toBe(200);
    expect(response.json.complete).toBe(true);
    const found = new Set(response.json.urls.map((entry: { url: string }) => entry.url));
    expect(found.size).toBe(45_000);
    const origin = site.url('big.localhost', '').replace(/\/$/, '');
    for (let n = 0; n < 45_000; n++) expect(found.has(generatedPage(origin, n))).toBe(true);
  }, 60_000);

  it('bills one request plus the sitemap bytes on its own usage row', async () => {
    const { key: own } = await newAccountWithKey({ planId: 'enterprise' });
    const response = await api('/v1/sitemap', {
      key: own,
      body: { url: site.url('bare.localhost', '/sitemap.xml') },
    });
    expect(response.status).toBe(200);
    const size = Buffer.byteLength(
      urlset([site.url('bare.localhost', '/p?id=1'), site.url('bare.localhost', '/p?id=2')]),
    );
    const usage = await api('/v1/usage/by-endpoint', { key: own });
    expect(usage.json.rows).toEqual([
      {
        endpoint: '/v1/sitemap',
        raw_bytes: size,
        billing_multiplier: 1,
        billable_bytes: size,
        requests: 1,
        credits: 0,
      },
    ]);
  });

  it('refuses bad requests with the spec codes', async () => {
    const http = await map({ url: site.url('news.localhost', '/'), webhook_url: 'http://hooks.example/x' });
    expect(http.status).toBe(400);
    expect(http.json.error).toMatchObject({
      code: 'invalid_url',
      details: { url: 'http://hooks.example/x', field: 'webhook_url', reason: 'scheme_unsupported' },
    });
    expect((await map({ url: 'ftp://example.com/' })).json.error).toMatchObject({ code: 'invalid_url' });
    for (const body of [
      { url: site.url('news.localhost', '/'), limit: 100_001 },
      { url: site.url('news.localhost', '/'), sources: ['pages'] },
      { url: site.url('news.localhost', '/'), sources: [] },
      { url: site.url('news.localhost', '/'), time_budget_ms: 10 },
      { url: site.url('news.localhost', '/'), surprise: true },
      {},
    ]) {
      const response = await map(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.json.error.code).toBe('validation_error');
    }
    const unauthenticated = await api('/v1/sitemap', { body: { url: site.url('news.localhost', '/') } });
    expect(unauthenticated.status).toBe(401);
  });
});
