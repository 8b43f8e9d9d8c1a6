import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type ParseLimits, parseSitemap, type SitemapEntry } from '../src';

async function parse(body: string | Uint8Array, limits?: ParseLimits) {
  const urls: SitemapEntry[] = [];
  const sitemaps: SitemapEntry[] = [];
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const result = await parseSitemap(
    bytes,
    { onUrl: (entry) => urls.push(entry) > 0, onSitemap: (entry) => sitemaps.push(entry) > 0 },
    limits,
  );
  return { result, urls, sitemaps };
}

const URLSET = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/a?x=1&amp;y=2</loc>
    <lastmod>2025-03-04T10:00:00+01:00</lastmod>
    <image:image><image:loc>https://cdn.example.com/a.png</image:loc></image:image>
  </url>
  <url><loc><![CDATA[https://example.com/b]]></loc></url>
  <url>
    <loc>
      https://example.com/caf&#233;
    </loc>
    <news:news><news:publication><news:name>N</news:name></news:publication>
      <news:title>Title with &lt;b&gt;</news:title></news:news>
  </url>
  <url><lastmod>2025-01-01</lastmod></url>
</urlset>`;

describe('parseSitemap', () => {
  it('reads a urlset with a BOM, entities, CDATA, character references and image/news extensions', async () => {
    const { result, urls } = await parse(URLSET);
    expect(result).toMatchObject({ kind: 'urlset', urls: 3, truncated: false });
    expect(urls).toEqual([
      { loc: 'https://example.com/a?x=1&y=2', lastmod: '2025-03-04T09:00:00.000Z' },
      { loc: 'https://example.com/b' },
      { loc: 'https://example.com/café' },
    ]);
  });

  it('reads prefixed sitemap elements and an index', async () => {
    const index = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sm:sitemap><sm:loc>https://example.com/s1.xml.gz</sm:loc><sm:lastmod>2024-05-06</sm:lastmod></sm:sitemap>
      <sm:sitemap><sm:loc>https://example.com/s2.xml</sm:loc></sm:sitemap>
    </sm:sitemapindex>`;
    const { result, sitemaps, urls } = await parse(index);
    expect(result).toMatchObject({ kind: 'sitemapindex', sitemaps: 2, urls: 0 });
    expect(urls).toEqual([]);
    expect(sitemaps).toEqual([
      { loc: 'https://example.com/s1.xml.gz', lastmod: '2024-05-06T00:00:00.000Z' },
      { loc: 'https://example.com/s2.xml' },
    ]);
  });

  it('detects gzip by its magic bytes', async () => {
    const { result, urls } = await parse(gzipSync(URLSET));
    expect(result.kind).toBe('urlset');
    expect(urls).toHaveLength(3);
  });

  it('reads plain-text sitemaps, skipping what is not a URL', async () => {
    const { result, urls } = await parse(
      'https://example.com/one\r\n\n  https://example.com/two  \n# note\nftp://x/\nhttps://example.com/three',
    );
    expect(result.kind).toBe('text');
    expect(urls.map((entry) => entry.loc)).toEqual([
      'https://example.com/one',
      'https://example.com/two',
      'https://example.com/three',
    ]);
  });

  it('reads RSS 2.0 items (link, pubDate) and not the channel link', async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
      <link>https://example.com/</link><title>Feed</title>
      <item><title>One</title><link>https://example.com/posts/1</link><atom:link href="https://x/"/>
        <pubDate>Tue, 10 Jun 2025 04:00:00 GMT</pubDate></item>
      <item><link><![CDATA[https://example.com/posts/2]]></link></item>
    </channel></rss>`;
    const { result, urls } = await parse(rss);
    expect(result.kind).toBe('rss');
    expect(urls).toEqual([
      { loc: 'https://example.com/posts/1', lastmod: '2025-06-10T04:00:00.000Z' },
      { loc: 'https://example.com/posts/2' },
    ]);
  });

  it('reads Atom entries (alternate link, updated)', async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://example.com/"/>
      <entry><link rel="self" href="https://example.com/self"/><link rel="alternate" href="https://example.com/a1"/>
        <updated>2025-02-03T04:05:06Z</updated></entry>
      <entry><link href="https://example.com/a2"/></entry></feed>`;
    const { result, urls } = await parse(atom);
    expect(result.kind).toBe('atom');
    expect(urls).toEqual([
      { loc: 'https://example.com/a1', lastmod: '2025-02-03T04:05:06.000Z' },
      { loc: 'https://example.com/a2' },
    ]);
  });

  it('caps entries and bytes per file and says the file was truncated', async () => {
    const many = `<urlset>${Array.from({ length: 30 }, (_, i) => `<url><loc>https://example.com/${i}</loc></url>`).join('')}</urlset>`;
    const byEntries = await parse(many, { maxEntries: 10, maxBytes: 1e6 });
    expect(byEntries.urls).toHaveLength(10);
    expect(byEntries.result.truncated).toBe(true);
    const byBytes = await parse(many, { maxEntries: 1000, maxBytes: 200 });
    expect(byBytes.result.truncated).toBe(true);
    expect(byBytes.result.bytes).toBe(200);
    expect(byBytes.urls.length).toBeGreaterThan(0);
    expect(byBytes.urls.length).toBeLessThan(30);
    const exact = await parse(many, { maxEntries: 30, maxBytes: 1e6 });
    expect(exact.result.truncated).toBe(false);
  });

  it('survives broken markup: what was read stays read', async () => {
    const { result, urls } = await parse(
      '<urlset><url><loc>https://example.com/ok</loc></url><url><loc>https://example.com/&nbsp;x</loc></url><url><loc>',
    );
    expect(result.errors).toBeGreaterThan(0);
    expect(urls[0]).toEqual({ loc: 'https://example.com/ok' });
  });

  it('stops when the handler asks', async () => {
    const urls: string[] = [];
    const result = await parseSitemap(new TextEncoder().encode(URLSET), {
      onUrl: (entry) => urls.push(entry.loc) < 2,
      onSitemap: () => true,
    });
    expect(urls).toHaveLength(2);
    expect(result.truncated).toBe(true);
  });
});
