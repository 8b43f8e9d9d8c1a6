/**
 * The one URL normalisation both the map and the crawl use, so a URL is recognised as the same
 * page however a sitemap or a link spells it. The rules (README, "URL normalisation"):
 *
 * - only absolute `http:`/`https:` URLs survive; anything else is null;
 * - the WHATWG parser lower-cases the scheme and host, turns an IDN host into punycode, drops the
 *   default port (`:80` for http, `:443` for https) and resolves `.`/`..` segments;
 * - the fragment is dropped (it never reaches the server);
 * - `ignoreQueryParams`: the whole query is dropped; otherwise it is kept as written, except that
 *   an empty `?` is dropped;
 * - a last segment `index.html`, `index.htm` or `index.php` is dropped (`/a/index.html` → `/a/`);
 * - a trailing slash is dropped from every path but the root (`/a/` → `/a`, `/` stays `/`).
 */
export interface NormalizeOptions {
  /** Drop the query string (the map's default). */
  ignoreQueryParams: boolean;
  /** Resolve relative references against this URL. */
  base?: string | URL;
}

const INDEX_FILE = /\/index\.(?:html?|php)$/i;

export function normalizeUrl(raw: string, options: NormalizeOptions): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), options.base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  // An empty query (`p?`) reads back as '' and is dropped by the same assignment.
  if (options.ignoreQueryParams || url.search === '') url.search = '';
  let path = url.pathname.replace(INDEX_FILE, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
  url.pathname = path;
  return url.href;
}
