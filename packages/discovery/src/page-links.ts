import type { FetchResult } from '@webcapture/capture';
import { decodeHtml, processHtml } from '@webcapture/content';
import { isGzip } from './sitemap-parse';

/**
 * Whether a fetched file is a sitemap (XML, a feed, gzip, plain text) or a page whose links are
 * read. Judged by the bytes and the media type, never by the name: `/feed` may be RSS and
 * `/sitemap.xml` may be a gzip file.
 */
export function sniffFile(file: FetchResult): 'sitemap' | 'page' {
  if (isGzip(file.body)) return 'sitemap';
  const type = file.contentType ?? '';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'page';
  if (type === 'text/plain' || type.endsWith('/xml') || type.endsWith('+xml')) return 'sitemap';
  const head = new TextDecoder().decode(file.body.subarray(0, 512)).trimStart().toLowerCase();
  return /^<(\?xml|urlset|sitemapindex|rss|feed)\b/.test(head) ? 'sitemap' : 'page';
}

/** The absolute URLs a 2xx HTML page links to (content's link extraction; `<base href>` honoured). */
export function pageLinks(file: FetchResult): string[] {
  if (file.status < 200 || file.status > 299) return [];
  const { html } = decodeHtml(file.body, file.headers['content-type']);
  const { links = [] } = processHtml(html, { url: file.finalUrl, outputs: ['links'] });
  return links.map((link) => (typeof link === 'string' ? link : link.url));
}
