import { crawlWithItemsResponse } from '@webcapture/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SitemapSite, startSitemapSite } from './fixtures/sitemap-site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { until } from './support/until';

/**
 * Incremental crawls (`since`, docs/api/crawl.md) through the local runtime against a site on
 * 127.0.0.1 whose pages send ETags and answer 304 to a matching If-None-Match: unchanged pages are
 * skipped (unchanged) and not billed, their links still followed; a changed page is scraped; a
 * sitemap URL with an old lastmod is not fetched.
 */
let site: SitemapSite;
let key: string;

const HOST = 'inc.localhost';
const page = (path: string) => site.url(HOST, path);
const html = (title: string, links: string[]) =>
  `<html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${title} is a page with its own words, ${title} and more ${title}, for a reader of this small site.</p>${links
    .map((link) => `<a href="${link}">${link}</a>`)
    .join(' ')}</main></body></html>`;

beforeAll(async () => {
  site = await startSitemapSite();
  ({ key } = await newAccountWithKey({ planId: 'enterprise' }));
  site.define(HOST, {
    '/robots.txt': `User-agent: *\nAllow: /\n\nSitemap: ${page('/sitemap.xml')}\n`,
    '/sitemap.xml': `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${page('/old')}</loc><lastmod>2020-01-01</lastmod></url></urlset>`,
    '/': {
      body: html('Home', ['/a', '/b']),
      etag: '"home-v1"',
      lastModified: 'Sun, 01 Nov 2026 00:00:00 GMT',
    },
    '/a': { body: html('Apples', ['/deep']), etag: '"a-v1"' },
    // No validators: an incremental crawl compares the hash of what it answers.
    '/deep': html('Deep', []),
    '/b': { body: html('Bananas', []), etag: '"b-v1"' },
    '/old': html('Old', []),
  });
});

afterAll(() => site?.close());

interface Item {
  url: string;
  status: string;
  reason: string | null;
  status_code: number | null;
  previous_crawl_id: string | null;
  unchanged_since: string | null;
  billed_bytes: number;
  completed_at: string | null;
  content_url: string | null;
}

interface Counts {
  discovered: number;
  completed: number;
  failed: number;
  skipped: number;
}

/** Starts a crawl of the site and waits for its end: the crawl and its items by path. */
async function crawl(extra: Record<string, unknown> = {}) {
  const started = await api('/v1/crawl', { key, body: { url: page('/'), formats: ['markdown'], ...extra } });
  expect(started.status, started.text).toBe(202);
  const id = started.json.id as string;
  const ended = await until(
    () => api(`/v1/crawl/${id}?limit=100`, { key }),
    (response) => response.json.completed_at !== null,
    `crawl ${id} to end`,
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  expect(crawlWithItemsResponse.safeParse(ended.json).error?.issues ?? []).toEqual([]);
  const { counts, items } = ended.json as { counts: Counts; items: Item[] };
  expect(items).toHaveLength(counts.discovered);
  expect(counts.completed + counts.failed + counts.skipped).toBe(counts.discovered);
  const byPath = new Map(items.map((item) => [new URL(item.url).pathname, item]));
  return { id, crawl: ended.json, byPath };
}

async function crawlRequests(): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const usage = await api(`/v1/usage/by-endpoint?from=${today}&to=${today}`, { key });
  const row = usage.json.rows.find(
    (entry: { endpoint: string }) => entry.endpoint === '/v1/crawl (markdown)',
  );
  return row?.requests ?? 0;
}

const CRAWL_TEST_MS = 300_000;

describe('POST /v1/crawl with since', () => {
  it(
    'sends the earlier validators, skips unchanged pages unbilled but follows their links, scrapes a changed one, skips old sitemap URLs',
    async () => {
      const first = await crawl();
      expect(first.crawl.since).toBeNull();
      expect([...first.byPath.values()].map((item) => item.status)).toEqual(Array(5).fill('completed'));
      expect(await crawlRequests()).toBe(5);

      // /b changes between the crawls; the others stay as they were.
      site.define(HOST, { '/b': { body: html('Bananas, ripe now', []), etag: '"b-v2"' } });
      const oldHits = site.hits(HOST, '/old');
      const homeRequests = site.requests(HOST, '/').length;
      const second = await crawl({ since: first.id });
      expect(second.crawl).toMatchObject({ status: 'completed', since: first.id });
      const home = second.byPath.get('/');
      expect(home).toMatchObject({
        status: 'skipped',
        reason: 'unchanged',
        status_code: 304,
        previous_crawl_id: first.id,
        unchanged_since: first.byPath.get('/')?.completed_at,
        billed_bytes: 0,
      });
      // Asked with the earlier ETag, once: its links were kept, not fetched again.
      const asked = site.requests(HOST, '/').slice(homeRequests);
      expect(asked.map((headers) => headers['if-none-match'])).toEqual(['"home-v1"']);
      // Its content_url serves the earlier envelope (copied into this crawl).
      const earlier = await fetch(home?.content_url as string);
      expect(earlier.status).toBe(200);
      expect((await earlier.json()).formats.markdown).toContain('Home');

      expect(second.byPath.get('/a')).toMatchObject({ reason: 'unchanged', status_code: 304 });
      // Reached only through the unchanged /a; no validators, the same bytes: unchanged by hash.
      expect(second.byPath.get('/deep')).toMatchObject({ reason: 'unchanged', status_code: 200 });
      expect(second.byPath.get('/b')).toMatchObject({ status: 'completed', status_code: 200 });
      expect(second.byPath.get('/b')?.billed_bytes).toBeGreaterThan(0);
      // The sitemap's lastmod (2020) is older than the first crawl: not fetched at all.
      expect(second.byPath.get('/old')).toMatchObject({ reason: 'unchanged', status_code: null });
      expect(site.hits(HOST, '/old')).toBe(oldHits);
      expect(second.crawl.counts).toMatchObject({ discovered: 5, completed: 1, skipped: 4, failed: 0 });
      // Only the changed page was billed.
      expect(await crawlRequests()).toBe(6);
      expect(second.crawl.billed_bytes).toBe(second.byPath.get('/b')?.billed_bytes);

      // A chain: since the second crawl, the home page still points at the crawl that fetched it.
      const third = await crawl({ since: second.id, sitemap: 'skip' });
      expect(third.byPath.get('/')).toMatchObject({ reason: 'unchanged', previous_crawl_id: first.id });
      expect(third.byPath.get('/b')).toMatchObject({ reason: 'unchanged', previous_crawl_id: second.id });
      expect(third.byPath.get('/deep')).toMatchObject({ reason: 'unchanged' });
      expect(await crawlRequests()).toBe(6);
    },
    CRAWL_TEST_MS,
  );

  it(
    'with a timestamp sends If-Modified-Since; an unchanged page is fetched again only for its links',
    async () => {
      const since = '2026-11-15T00:00:00.000Z';
      const homeRequests = site.requests(HOST, '/').length;
      // cache_ttl 0: the fetch for the links goes to the origin too (else the cache may answer it).
      const { byPath } = await crawl({ since, sitemap: 'skip', max_depth: 1, cache_ttl: 0 });
      expect(byPath.get('/')).toMatchObject({
        status: 'skipped',
        reason: 'unchanged',
        status_code: 304,
        previous_crawl_id: null,
        unchanged_since: since,
        content_url: null,
      });
      const asked = site.requests(HOST, '/').slice(homeRequests);
      expect(asked.map((headers) => headers['if-modified-since'] ?? null)).toEqual([
        'Sun, 15 Nov 2026 00:00:00 GMT',
        null,
      ]);
      // No Last-Modified on /a and /b: they answer 200 and are scraped.
      expect(byPath.get('/a')).toMatchObject({ status: 'completed' });
      expect(byPath.get('/b')).toMatchObject({ status: 'completed' });
    },
    CRAWL_TEST_MS,
  );

  it("refuses an invalid since (422) and another account's crawl id (404)", async () => {
    for (const since of ['yesterday', 'cr_', '2999-01-01T00:00:00Z']) {
      const invalid = await api('/v1/crawl', { key, body: { url: page('/'), since } });
      expect(invalid.status, since).toBe(422);
      expect(invalid.json.error.code).toBe('validation_error');
      expect(JSON.stringify(invalid.json.error.details)).toContain('since');
    }
    const { key: otherKey } = await newAccountWithKey({ planId: 'enterprise' });
    const theirs = await api('/v1/crawl', {
      key: otherKey,
      body: { url: page('/b'), max_depth: 0, sitemap: 'skip' },
    });
    expect(theirs.status).toBe(202);
    const borrowed = await api('/v1/crawl', { key, body: { url: page('/'), since: theirs.json.id } });
    expect(borrowed.status).toBe(404);
    expect(borrowed.json.error.code).toBe('not_found');
    expect(borrowed.text).not.toContain('inc.localhost');
    const unknown = await api('/v1/crawl', {
      key,
      body: { url: page('/'), since: 'cr_01jzzzzzzzzzzzzzzzzzzzzzzz' },
    });
    expect(unknown.status).toBe(404);
  });
});
