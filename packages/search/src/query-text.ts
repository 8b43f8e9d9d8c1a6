import type { SearchQuery } from './types';

/**
 * The query as the engines read it: `site:` restrictions are operators in the query text (Google,
 * Brave and SearXNG's engines understand them; no provider has a structured parameter for several
 * hosts). The fallback chain also filters the answers by host, since not every engine obeys.
 */
export function queryText(query: SearchQuery): string {
  if (!query.sites?.length) return query.query;
  const sites = query.sites.map((site) => `site:${site}`).join(' OR ');
  return `${query.query} ${query.sites.length > 1 ? `(${sites})` : sites}`;
}

/** A result's host is the site or one of its subdomains. */
export function onSites(url: string, sites: readonly string[] | undefined): boolean {
  if (!sites?.length) return true;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return sites.some((site) => host === site || host.endsWith(`.${site}`));
}
