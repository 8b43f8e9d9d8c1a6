import {
  compilePathPatterns,
  fileFetcher,
  normalizeUrl,
  type PathMatcher,
  RobotsBook,
  type SiteScope,
  siteScope,
} from '@webcapture/discovery';
import type { CrawlOptions, CrawlSkipReason, FrontierEntry } from '@webcapture/service';

/** robots.txt is read with this deadline; a site that does not answer in time has stated no rules. */
const ROBOTS_TIMEOUT_MS = 10_000;

/**
 * What a crawl does with each URL it finds, in this order: leaves out what is not http(s); skips
 * `external` (outside the site, unless allow_external; an external page's own links are not
 * followed), `depth` (past max_depth), `excluded` (include_paths / exclude_paths, RE2), `robots`
 * (respect_robots). Whatever is left is queued.
 */
export class CrawlScope {
  readonly #site: SiteScope;
  readonly #include: PathMatcher;
  readonly #exclude: PathMatcher;
  readonly #robots = new RobotsBook(
    fileFetcher({ signal: new AbortController().signal, timeoutMs: ROBOTS_TIMEOUT_MS }),
  );

  constructor(private readonly options: CrawlOptions) {
    this.#site = siteScope(options.url, { includeSubdomains: options.allow_subdomains });
    this.#include = compilePathPatterns(options.include_paths, 'include_paths');
    this.#exclude = compilePathPatterns(options.exclude_paths, 'exclude_paths');
  }

  normalize(url: string, base?: string): string | null {
    return normalizeUrl(url, { ignoreQueryParams: this.options.ignore_query_params, base });
  }

  inSite(url: string): boolean {
    return this.#site.contains(url);
  }

  /** The site's Crawl-delay for `url`'s origin in ms (0 when none or robots is not respected). */
  async crawlDelayMs(url: string): Promise<number> {
    if (!this.options.respect_robots) return 0;
    const rules = await this.#robots.rulesFor(url);
    return Math.min(60_000, Math.max(0, (rules?.crawlDelaySeconds ?? 0) * 1000));
  }

  /** Sitemaps robots.txt of the start URL's origin names. */
  async declaredSitemaps(): Promise<string[]> {
    return (await this.#robots.rulesFor(this.options.url))?.sitemaps ?? [];
  }

  /** The frontier entries of `links` found on `parent` (absolute or relative to it). */
  async classify(
    links: readonly string[],
    parent: { url: string; depth: number } | null,
    source: FrontierEntry['source'],
  ): Promise<FrontierEntry[]> {
    const depth = parent ? parent.depth + 1 : source === 'start' ? 0 : 1;
    const urls = [
      ...new Set(links.map((link) => this.normalize(link, parent?.url)).filter((url) => url !== null)),
    ];
    if (this.options.respect_robots) await this.#robots.load(urls.filter((url) => this.inSite(url)));
    return urls.map((url) => {
      const skip = this.skipReason(url, depth, source);
      return { url, depth, parent: parent?.url ?? null, source, ...(skip ? { skip } : {}) };
    });
  }

  private skipReason(
    url: string,
    depth: number,
    source: FrontierEntry['source'],
  ): CrawlSkipReason | undefined {
    if (!this.inSite(url) && !this.options.allow_external) return 'external';
    if (depth > this.options.max_depth) return 'depth';
    // The start URL is crawled whatever the path patterns say: they pick among what it leads to.
    if (source !== 'start') {
      if (this.#exclude.size && this.#exclude.matches(url)) return 'excluded';
      if (this.#include.size && !this.#include.matches(url)) return 'excluded';
    }
    if (this.options.respect_robots && !this.#robots.isAllowed(url)) return 'robots';
    return undefined;
  }
}

const scopes = new Map<string, CrawlScope>();

/** One scope per crawl per warm process: robots.txt is read once per origin, not once per page. */
export function crawlScopeOf(crawlId: string, options: CrawlOptions): CrawlScope {
  let scope = scopes.get(crawlId);
  if (!scope) {
    if (scopes.size > 50) scopes.clear();
    scope = new CrawlScope(options);
    scopes.set(crawlId, scope);
  }
  return scope;
}
