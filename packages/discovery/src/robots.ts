import robotsParser from 'robots-parser';
import type { FetchFile } from './fetch-file';

/**
 * The product token robots.txt groups are matched against. The fetcher itself sends a browser's
 * User-Agent; a site that names `webcapture` in robots.txt gets that group, any other the `*` one.
 */
export const ROBOTS_USER_AGENT = 'webcapture';

export interface RobotsRules {
  /** The robots.txt URL that was asked. */
  readonly url: string;
  /** HTTP status of robots.txt, or null when it could not be fetched. */
  readonly status: number | null;
  /** `Sitemap:` lines, absolute, in file order. */
  readonly sitemaps: string[];
  /** `Crawl-delay` of our group in seconds, when given. */
  readonly crawlDelaySeconds: number | undefined;
  isAllowed(url: string): boolean;
}

/** Never more than this of a robots.txt is read (Google reads 500 KiB). */
export const ROBOTS_MAX_BYTES = 512 * 1024;

/**
 * Reads `<origin>/robots.txt`. Only a 2xx file is applied; a 4xx, a 5xx or a failed fetch leaves
 * every URL allowed (a site without a readable robots.txt has stated no rules).
 */
export async function readRobots(origin: string, fetchFile: FetchFile): Promise<RobotsRules> {
  const url = new URL('/robots.txt', origin).href;
  const file = await fetchFile(url, ROBOTS_MAX_BYTES).catch(() => null);
  const ok = file !== null && file.status >= 200 && file.status < 300;
  return robotsRules(url, file?.status ?? null, ok && file ? new TextDecoder().decode(file.body) : '');
}

/** Rules from a robots.txt text; exported for callers that already hold the file. */
export function robotsRules(url: string, status: number | null, text: string): RobotsRules {
  const robot = robotsParser(url, text);
  return {
    url,
    status,
    sitemaps: robot.getSitemaps(),
    crawlDelaySeconds: robot.getCrawlDelay(ROBOTS_USER_AGENT),
    // robots-parser answers undefined for a URL of another origin: those rules are not ours to apply.
    isAllowed: (target) => robot.isAllowed(target, ROBOTS_USER_AGENT) ?? true,
  };
}
