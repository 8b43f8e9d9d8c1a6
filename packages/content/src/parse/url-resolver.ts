import type { Elem } from './nodes';
import { baseElement } from './parse-html';

/** Resolves relative URLs against `<base href>` (itself resolved against the page URL) per HTML rules. */
/**
 * What WHATWG URL parsing leaves exactly as written in a special (http, https, file) URL: a path,
 * query and fragment of characters it does not percent-encode (no `'` either: queries encode it),
 * no backslash, space or non-ASCII. Dot segments (`/.`, `%2e`) are left to the parser.
 */
const KEPT_TAIL =
  /^(?:\/[\w\-.~!$&()*+,;=:@%/]*)?(?:\?[\w\-.~!$&()*+,;=:@%/?]*)?(?:#[\w\-.~!$&()*+,;=:@%/?]*)?$/;
/** A dot segment (`/.`, `%2e`) or a punycode label: what joinPlain leaves to the parser, found in one scan. */
const PARSER_WORK = /\/\.|xn--|%2e/i;
/** `http(s)://` and a host of lower-case ASCII labels, the last starting with a letter (not an IPv4 number). */
const PLAIN_ORIGIN = /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*/;
/** A first path segment that is a scheme (`mailto:`) or a Windows drive letter (`/C:`, `/C|`). */
const SCHEME_OR_DRIVE = /^(?:[^/?#]*:|\/[A-Za-z][:|])/;

export class UrlResolver {
  readonly base: URL | null;
  readonly pageHost: string;
  private readonly cache = new Map<string, string | null>();
  /** The base URL up to its path (`https://host:port`), when relative URLs may be joined to it as text. */
  private readonly baseOrigin: string | null = null;
  /** The base URL's path up to its last `/`. */
  private readonly baseDir: string = '';

  constructor(pageUrl: string, doc: Elem) {
    let page: URL | null = null;
    try {
      page = new URL(pageUrl);
    } catch {
      page = null;
    }
    const baseHref = baseElement(doc)?.attrs.href?.trim();
    let base = page;
    if (baseHref) {
      try {
        base = new URL(baseHref, page ?? undefined);
      } catch {
        base = page;
      }
    }
    this.base = base;
    this.pageHost = page?.hostname.replace(/^www\./, '') ?? '';
    if (base && /^(?:https?|file):$/.test(base.protocol) && !SCHEME_OR_DRIVE.test(base.pathname)) {
      const href = base.href;
      this.baseOrigin = href.slice(
        0,
        href.length - (base.pathname.length + base.search.length + base.hash.length),
      );
      this.baseDir = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
    }
  }

  /**
   * `new URL(href, base).href` worked out as text for the common cases where it is exactly the
   * input (or the input joined to the base): a plain absolute http(s) URL, or a path, query or
   * fragment relative to a plain base, of characters the parser keeps. Null: ask the parser.
   */
  private joinPlain(href: string): string | null {
    if (PARSER_WORK.test(href)) return null;
    const origin = PLAIN_ORIGIN.exec(href)?.[0];
    if (origin !== undefined) {
      const tail = href.slice(origin.length);
      if (!KEPT_TAIL.test(tail)) return null;
      return tail.charCodeAt(0) === 47 ? href : `${origin}/${tail}`;
    }
    const base = this.base;
    if (this.baseOrigin === null || base === null || SCHEME_OR_DRIVE.test(href)) return null;
    const first = href.charCodeAt(0);
    // '.' starts a dot segment; '//' a scheme-relative URL: both left to the parser.
    if (first === 46 || (first === 47 && href.charCodeAt(1) === 47)) return null;
    if (first === 47 || first === 63 || first === 35) {
      if (!KEPT_TAIL.test(href)) return null;
      if (first === 47) return this.baseOrigin + href;
      return this.baseOrigin + base.pathname + (first === 63 ? href : base.search + href);
    }
    return KEPT_TAIL.test(`/${href}`) ? this.baseOrigin + this.baseDir + href : null;
  }

  /** Absolute URL, or null for hrefs that lead nowhere (`javascript:`, empty, unparsable). */
  resolve(href: string | undefined): string | null {
    if (href === undefined) return null;
    const cached = this.cache.get(href);
    if (cached !== undefined) return cached;
    let out: string | null = null;
    const trimmed = href.trim();
    if (trimmed && !/^javascript:/i.test(trimmed)) {
      if (trimmed.startsWith('data:')) out = trimmed;
      else {
        out = this.joinPlain(trimmed);
        if (out === null) {
          try {
            out = new URL(trimmed, this.base ?? undefined).href;
          } catch {
            out = null;
          }
        }
      }
    }
    this.cache.set(href, out);
    return out;
  }

  isInternal(absolute: string): boolean {
    try {
      return new URL(absolute).hostname.replace(/^www\./, '') === this.pageHost;
    } catch {
      return false;
    }
  }
}
