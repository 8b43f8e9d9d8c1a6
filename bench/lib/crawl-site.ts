/**
 * A generated site for the crawl benchmark (issue 25), served on 127.0.0.1 under any number of
 * `.localhost` host names (each host is its own copy of the site, with its own request counts, so
 * two crawlers in one run never share a tally).
 *
 * Of `pages` content pages `/p/N`, the first 95% form a link graph (N links to 2N+1 and 2N+2 — a
 * tree that reaches every one of them — plus two cross links, a query-string variant and a
 * fragment); the last 5% are orphans, listed only in the sitemaps. Beside them: a robots.txt that
 * disallows `/private/` (every page links one private page), a sitemap index of gzipped children
 * (`.xml.gz`, 1,000 URLs each), near-duplicate pages `/dup/N` (every 50th page links one: the same
 * page with a `rel=canonical` to `/p/N`; `/` and `/p/0` are the same page too) and an endless calendar (`/calendar/N` links
 * `/calendar/N+1`). Every page answers after 100–300 ms (spread evenly by path), as a real origin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

const PER_SITEMAP = 1_000;
const WORDS =
  'apple river stone garden lantern copper meadow harbor violet thunder pocket silver marble orchard candle falcon ribbon canyon velvet maple anchor ember willow prism cobalt sparrow quartz tundra saffron juniper'.split(
    ' ',
  );

export interface CrawlSite {
  port: number;
  origin(host: string): string;
  /** Requests per pathname (query strings dropped) for one host. */
  hits(host: string): Map<string, number>;
  /** Every URL a correct crawler with `ignore_query_params` reaches and may fetch (pages, orphans, duplicates). */
  reachable(host: string): string[];
  linkedPages: number;
  close(): Promise<void>;
}

/** Distinct text per page (a mixed-radix spelling of N), so no two pages are near-duplicates by accident. */
function pageText(n: number): string {
  const words: string[] = [];
  for (let i = 0; i < 80; i++) {
    const mixed = (n * 2_654_435_761 + i * 40_503 + ((n >> (i % 13)) & 0xff) * 97) >>> 0;
    words.push(WORDS[mixed % WORDS.length] as string);
  }
  return `Page ${n} is about ${words.join(' ')}.`;
}

const delayOf = (path: string) => {
  let hash = 0;
  for (const char of path) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return 100 + (hash % 201);
};

const document = (title: string, body: string, head = '') =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1>${body}</main></body></html>`;

export async function startCrawlSite(pages: number): Promise<CrawlSite> {
  const linkedPages = Math.floor(pages * 0.95);
  const counts = new Map<string, Map<string, number>>();
  let port = 0;

  const page = (n: number, head = '') => {
    const links = [2 * n + 1, 2 * n + 2, (n * 7 + 3) % linkedPages, (n * 13 + 5) % linkedPages]
      .filter((target) => target < linkedPages)
      .map((target) => `/p/${target}`);
    links.push(`/p/${(n + 1) % linkedPages}?utm_source=bench&session=${n}`, `/p/${n}#top`);
    links.push(`/private/${n % 100}`);
    if (n % 50 === 0) links.push(`/dup/${n}`);
    if (n === 0) links.push('/calendar/1');
    const anchors = links.map((link) => `<li><a href="${link}">${link}</a></li>`).join('');
    return document(`Page ${n}`, `<p>${pageText(n)}</p><ul>${anchors}</ul>`, head);
  };

  const sitemapIndex = (origin: string) => {
    const children = Math.ceil(pages / PER_SITEMAP);
    const items = Array.from(
      { length: children },
      (_, i) => `<sitemap><loc>${origin}/sitemaps/part-${i}.xml.gz</loc></sitemap>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</sitemapindex>`;
  };

  const sitemapPart = (origin: string, part: number) => {
    const items: string[] = [];
    for (let n = part * PER_SITEMAP; n < Math.min((part + 1) * PER_SITEMAP, pages); n++)
      items.push(`<url><loc>${origin}/p/${n}</loc><lastmod>2026-11-01</lastmod></url>`);
    return gzipSync(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</urlset>`,
    );
  };

  /** The file at `path`, or undefined (404); pages wait their latency, files of the crawler's plumbing do not. */
  const answer = (
    origin: string,
    path: string,
  ): { body: string | Buffer; type: string; latency: boolean } | undefined => {
    const html = (body: string) => ({ body, type: 'text/html; charset=utf-8', latency: true });
    if (path === '/robots.txt')
      return {
        body: `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`,
        type: 'text/plain',
        latency: false,
      };
    if (path === '/sitemap.xml')
      return { body: sitemapIndex(origin), type: 'application/xml', latency: false };
    const part = /^\/sitemaps\/part-(\d+)\.xml\.gz$/.exec(path);
    if (part) return { body: sitemapPart(origin, Number(part[1])), type: 'application/gzip', latency: false };
    if (path === '/') return html(page(0));
    const content = /^\/p\/(\d+)$/.exec(path);
    if (content && Number(content[1]) < pages) return html(page(Number(content[1])));
    const duplicate = /^\/dup\/(\d+)$/.exec(path);
    if (duplicate) {
      // The same page with its canonical link: whichever copy is kept, its links are followed.
      const n = Number(duplicate[1]);
      return html(page(n, `<link rel="canonical" href="${origin}/p/${n}">`));
    }
    const calendar = /^\/calendar\/(\d+)$/.exec(path);
    if (calendar) {
      const month = Number(calendar[1]);
      return html(
        document(
          `Month ${month}`,
          `<p>${pageText(1_000_000 + month)}</p><a href="/calendar/${month + 1}">next</a>`,
        ),
      );
    }
    if (path.startsWith('/private/')) return html(document('Private', '<p>Members only.</p>'));
    return undefined;
  };

  const server: Server = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const tally = counts.get(host) ?? new Map<string, number>();
    counts.set(host, tally.set(path, (tally.get(path) ?? 0) + 1));
    const file = answer(`http://${host}:${port}`, path);
    const send = () => {
      if (!file) return response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
      response.writeHead(200, { 'content-type': file.type }).end(file.body);
    };
    if (file?.latency) setTimeout(send, delayOf(path));
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  return {
    port,
    linkedPages,
    origin: (host) => `http://${host}:${port}`,
    hits: (host) => counts.get(host) ?? new Map(),
    reachable(host) {
      const origin = `http://${host}:${port}`;
      const urls = [`${origin}/`];
      for (let n = 0; n < pages; n++) urls.push(`${origin}/p/${n}`);
      for (let n = 0; n < linkedPages; n += 50) urls.push(`${origin}/dup/${n}`);
      return urls;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
