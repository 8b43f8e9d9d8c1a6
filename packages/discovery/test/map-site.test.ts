import { gzipSync } from 'node:zlib';
import { ApiError } from '@webcapture/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedPage, type SitemapSite, startSitemapSite } from '../../../test/fixtures/sitemap-site';
import { type MapSiteOptions, mapSite } from '../src';

let site: SitemapSite;
const urlset = (locs: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs
    .map((loc) => `<url><loc>${loc}</loc></url>`)
    .join('')}</urlset>`;
const index = (locs: string[]) =>
  `<sitemapindex>${locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('')}</sitemapindex>`;

const map = (url: string, options: Partial<MapSiteOptions> = {}) =>
  mapSite({
    url,
    limit: 5000,
    includeSubdomains: false,
    ignoreQueryParams: true,
    sources: ['sitemaps', 'links'],
    timeBudgetMs: 10_000,
    allowPrivateTargets: true,
    ...options,
  });

beforeAll(async () => {
  site = await startSitemapSite();
  const shop = (path: string) => site.url('shop.localhost', path);
  site.define('shop.localhost', {
    '/robots.txt': `User-agent: *\nDisallow: /private\n\nUser-agent: webcapture\nDisallow: /no-bots\nCrawl-delay: 2\n\nSitemap: ${shop('/sitemap-index.xml')}\nSitemap: ${shop('/feed')}\n`,
    '/sitemap-index.xml': index([shop('/nested.xml'), shop('/sitemap-index.xml')]),
    '/nested.xml': index([shop('/products.xml'), shop('/posts.txt'), shop('/missing.xml')]),
    // gzip under a .xml name, served as application/xml: only the magic bytes tell.
    '/products.xml': {
      body: gzipSync(
        urlset([
          shop('/products/1'),
          shop('/products/1/'),
          `${shop('/products/2')}?utm=x`,
          shop('/private/secret'),
          shop('/no-bots/page'),
          'https://elsewhere.example/products/3',
          site.url('blog.shop.localhost', '/post'),
        ]),
      ),
    },
    '/posts.txt': `${shop('/posts/1')}\n${shop('/posts/2#comments')}\n`,
    '/feed': {
      body: `<rss version="2.0"><channel><link>${shop('/')}</link><item><link>${shop('/news/1')}</link><pubDate>Tue, 10 Jun 2025 04:00:00 GMT</pubDate></item></channel></rss>`,
      type: 'application/rss+xml',
    },
    '/': `<html><body><a href="/about">About</a><a href="/products/1">P1</a><a href="https://elsewhere.example/x">x</a><a href="/private/x">p</a></body></html>`,
  });
  site.define('blog.shop.localhost', {
    '/robots.txt': 'User-agent: *\nDisallow: /post-hidden\n',
  });
  site.define('plain.localhost', {
    '/sitemap.xml': urlset([
      site.url('plain.localhost', '/a'),
      site.url('plain.localhost', '/b?id=1'),
      site.url('plain.localhost', '/b?id=2'),
    ]),
    '/': '<html><body>no links</body></html>',
  });
  site.define('slow.localhost', {
    '/robots.txt': `Sitemap: ${site.url('slow.localhost', '/fast.xml')}\nSitemap: ${site.url('slow.localhost', '/slow.xml')}\n`,
    '/fast.xml': urlset([site.url('slow.localhost', '/fast')]),
    '/slow.xml': { body: urlset([site.url('slow.localhost', '/slow')]), delayMs: 3000 },
  });
  site.defineGenerated('big.localhost', { total: 45_000, perFile: 10_000, leavesPerIndex: 2 });
});

afterAll(() => site?.close());

describe('mapSite', () => {
  it('follows robots.txt sitemaps through nested indexes, gzip, text and RSS, keeping each URL once', async () => {
    const result = await map(site.url('shop.localhost', '/'));
    const urls = result.urls.map((entry) => entry.url);
    const shop = (path: string) => site.url('shop.localhost', path);
    // robots.txt has a group for webcapture: it replaces `*`, so /no-bots is out and /private is in.
    expect(new Set(urls)).toEqual(
      new Set([
        shop('/private/secret'),
        shop('/private/x'),
        shop('/products/1'),
        shop('/products/2'),
        shop('/posts/1'),
        shop('/posts/2'),
        shop('/news/1'),
        shop('/about'),
      ]),
    );
    expect(result.complete).toBe(true);
    expect(result.urls.find((entry) => entry.url === shop('/products/1'))?.sources.sort()).toEqual([
      'links',
      'sitemaps',
    ]);
    expect(result.urls.find((entry) => entry.url === shop('/news/1'))?.lastmod).toBe(
      '2025-06-10T04:00:00.000Z',
    );
    const reports = Object.fromEntries(
      result.sitemaps.map((report) => [new URL(report.url).pathname, report]),
    );
    expect(reports['/sitemap-index.xml']).toMatchObject({ status: 'read', kind: 'sitemapindex', urls: 2 });
    expect(reports['/products.xml']).toMatchObject({
      status: 'read',
      kind: 'urlset',
      urls: 7,
      truncated: false,
    });
    expect(reports['/posts.txt']).toMatchObject({ status: 'read', kind: 'text', urls: 2 });
    expect(reports['/feed']).toMatchObject({ status: 'read', kind: 'rss', urls: 1 });
    expect(reports['/missing.xml']).toMatchObject({
      status: 'failed',
      status_code: 404,
      error: 'http_status',
    });
    // The index names itself: read once.
    expect(site.hits('shop.localhost', '/sitemap-index.xml')).toBe(1);
    expect(result.sitemapBytes).toBeGreaterThan(0);
  });

  it('includes subdomains only when asked, under their own robots.txt', async () => {
    const result = await map(site.url('shop.localhost', '/'), { includeSubdomains: true });
    const urls = result.urls.map((entry) => entry.url);
    expect(urls).toContain(site.url('blog.shop.localhost', '/post'));
    expect(site.hits('blog.shop.localhost', '/robots.txt')).toBe(1);
  });

  it('keeps query variants apart when ignore_query_params is off; probes the usual sitemap locations', async () => {
    const plain = (path: string) => site.url('plain.localhost', path);
    const ignoring = await map(plain('/'));
    expect(ignoring.urls.map((entry) => entry.url).sort()).toEqual([plain('/a'), plain('/b')]);
    const keeping = await map(plain('/'), { ignoreQueryParams: false });
    expect(keeping.urls.map((entry) => entry.url).sort()).toEqual([
      plain('/a'),
      plain('/b?id=1'),
      plain('/b?id=2'),
    ]);
    // /sitemap_index.xml was probed and missing: not reported.
    expect(ignoring.sitemaps.map((report) => new URL(report.url).pathname)).toEqual(['/sitemap.xml']);
  });

  it('reads only the sitemap when given one, and only links when asked', async () => {
    const fromSitemap = await map(site.url('shop.localhost', '/posts.txt'));
    expect(fromSitemap.urls.map((entry) => entry.url).sort()).toEqual([
      site.url('shop.localhost', '/posts/1'),
      site.url('shop.localhost', '/posts/2'),
    ]);
    const linksOnly = await map(site.url('shop.localhost', '/'), { sources: ['links'] });
    expect(linksOnly.sitemaps).toEqual([]);
    expect(linksOnly.urls.every((entry) => entry.sources.join() === 'links')).toBe(true);
  });

  it('stops at the limit and says so', async () => {
    const result = await map(site.url('big.localhost', '/'), { limit: 100, sources: ['sitemaps'] });
    expect(result.urls).toHaveLength(100);
    expect(result).toMatchObject({ complete: false, cut: 'limit' });
    expect(result.sitemaps.some((report) => report.truncated)).toBe(true);
  });

  it('answers what it found when the time budget runs out', async () => {
    const started = Date.now();
    const result = await map(site.url('slow.localhost', '/'), { timeBudgetMs: 1000 });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(result).toMatchObject({ complete: false, cut: 'time_budget' });
    expect(result.urls.map((entry) => entry.url)).toEqual([site.url('slow.localhost', '/fast')]);
    expect(result.sitemaps.find((report) => report.url.endsWith('/slow.xml'))?.status).toBe('skipped');
  });

  it('maps a 45,000-URL generated site exhaustively', async () => {
    const result = await map(site.url('big.localhost', '/'), { limit: 100_000, sources: ['sitemaps'] });
    expect(result.complete).toBe(true);
    expect(result.urls).toHaveLength(45_000);
    const origin = site.url('big.localhost', '').replace(/\/$/, '');
    const found = new Set(result.urls.map((entry) => entry.url));
    for (let n = 0; n < 45_000; n++) expect(found.has(generatedPage(origin, n))).toBe(true);
    expect(result.sitemaps.filter((report) => report.kind === 'urlset')).toHaveLength(5);
  });

  it('refuses a private address while the SSRF guard is on', async () => {
    const error = await map(site.url('shop.localhost', '/'), { allowPrivateTargets: false }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'invalid_url', details: { reason: 'private_address' } });
  });
});
