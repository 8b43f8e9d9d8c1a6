import { normalizeUrl } from './normalize-url';
import type { SiteScope } from './site-scope';

export type DiscoverySource = 'sitemaps' | 'links';

export interface DiscoveredUrl {
  /** Normalised (normalizeUrl). */
  url: string;
  /** The latest lastmod any source gave, ISO 8601 UTC. */
  lastmod?: string;
  /** Every source that listed it, in the order they did. */
  sources: DiscoverySource[];
}

export type AddOutcome = 'added' | 'merged' | 'rejected' | 'limit';

/**
 * The set of URLs found so far: each normalised URL once, with every source that named it. Off-site
 * URLs and those `isAllowed` refuses (robots.txt) never enter; past `limit` nothing new enters and
 * `cut` records that the answer is incomplete.
 */
export class UrlCollector {
  readonly #found = new Map<string, DiscoveredUrl>();
  #limitReached = false;

  constructor(
    private readonly options: {
      limit: number;
      scope: SiteScope;
      ignoreQueryParams: boolean;
      isAllowed: (url: string) => boolean;
    },
  ) {}

  get size(): number {
    return this.#found.size;
  }

  /** True once a new URL was turned away because `limit` URLs were already found. */
  get limitReached(): boolean {
    return this.#limitReached;
  }

  /** Whether `raw` names a URL of the site (before robots and the limit). */
  inScope(raw: string): boolean {
    const url = normalizeUrl(raw, { ignoreQueryParams: true });
    return url !== null && this.options.scope.contains(url);
  }

  add(raw: string, source: DiscoverySource, lastmod?: string): AddOutcome {
    const url = normalizeUrl(raw, { ignoreQueryParams: this.options.ignoreQueryParams });
    if (!url || !this.options.scope.contains(url) || !this.options.isAllowed(url)) return 'rejected';
    const known = this.#found.get(url);
    if (known) {
      if (!known.sources.includes(source)) known.sources.push(source);
      if (lastmod && (!known.lastmod || lastmod > known.lastmod)) known.lastmod = lastmod;
      return 'merged';
    }
    if (this.#found.size >= this.options.limit) {
      this.#limitReached = true;
      return 'limit';
    }
    this.#found.set(url, lastmod ? { url, lastmod, sources: [source] } : { url, sources: [source] });
    return 'added';
  }

  urls(): DiscoveredUrl[] {
    return [...this.#found.values()];
  }
}
