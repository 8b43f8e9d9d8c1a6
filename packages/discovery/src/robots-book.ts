import type { FetchFile } from './fetch-file';
import { type RobotsRules, readRobots } from './robots';

/**
 * robots.txt of every origin a map or crawl meets, each read once (the start origin first; a
 * subdomain's on the first URL of it). `isAllowed` is synchronous, so `load` must have been
 * awaited for the URL's origin; an origin never loaded is allowed (nothing was read for it).
 */
export class RobotsBook {
  readonly #rules = new Map<string, Promise<RobotsRules>>();
  readonly #ready = new Map<string, RobotsRules>();

  constructor(
    private readonly fetchFile: FetchFile,
    /** Origins read at most: past it, new origins are allowed unread (a map of 10,000 subdomains). */
    private readonly maxOrigins = 100,
  ) {}

  /** Reads robots.txt of every origin among `urls` not read yet. */
  async load(urls: Iterable<string>): Promise<void> {
    const waits: Promise<RobotsRules>[] = [];
    for (const url of urls) {
      const origin = originOf(url);
      if (!origin) continue;
      let rules = this.#rules.get(origin);
      if (!rules) {
        if (this.#rules.size >= this.maxOrigins) continue;
        rules = readRobots(origin, this.fetchFile);
        this.#rules.set(origin, rules);
        rules.then((ready) => this.#ready.set(origin, ready));
      }
      if (!this.#ready.has(origin)) waits.push(rules);
    }
    await Promise.all(waits);
  }

  /** The rules of one origin, read if need be. */
  async rulesFor(url: string): Promise<RobotsRules | undefined> {
    await this.load([url]);
    const origin = originOf(url);
    return origin ? this.#ready.get(origin) : undefined;
  }

  isAllowed(url: string): boolean {
    const origin = originOf(url);
    const rules = origin ? this.#ready.get(origin) : undefined;
    return rules ? rules.isAllowed(url) : true;
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
