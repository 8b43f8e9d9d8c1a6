import { baseElement, type Elem } from './dom';

/** Resolves relative URLs against `<base href>` (itself resolved against the page URL) per HTML rules. */
export class UrlResolver {
  readonly base: URL | null;
  readonly pageHost: string;
  private readonly cache = new Map<string, string | null>();

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
        try {
          out = new URL(trimmed, this.base ?? undefined).href;
        } catch {
          out = null;
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
