import normalizeUrl from 'normalize-url';
import { onSites } from './query-text';
import type { ProviderAnswer, ProviderName } from './types';

/** One result as the API answers it. */
export interface SearchHit {
  url: string;
  title: string;
  description: string;
  /** 1-based, after deduplication. */
  position: number;
  provider: ProviderName;
  published_at?: string;
}

/**
 * The key two results are the same page by: scheme, `www.`, a trailing slash, the fragment,
 * tracking parameters (utm_*) and the order of query parameters do not make another page.
 */
export function dedupKey(url: string): string | undefined {
  try {
    return normalizeUrl(url, { forceHttps: true, stripHash: true, stripWWW: true });
  } catch {
    return undefined;
  }
}

/**
 * A provider's answer as the API gives it: only http(s) URLs on the requested sites, each page
 * once (its first, best-ranked occurrence), at most `limit`, numbered from 1.
 */
export function searchHits(answer: ProviderAnswer, limit: number, sites?: readonly string[]): SearchHit[] {
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const result of answer.results) {
    if (hits.length >= limit) break;
    if (!/^https?:\/\//i.test(result.url) || !onSites(result.url, sites)) continue;
    const key = dedupKey(result.url);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    hits.push({
      url: result.url,
      title: result.title,
      description: result.description,
      position: hits.length + 1,
      provider: answer.provider,
      ...(result.publishedAt ? { published_at: result.publishedAt } : {}),
    });
  }
  return hits;
}
