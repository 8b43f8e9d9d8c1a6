import { stem } from '@webcapture/content';
import type { DiscoveredUrl } from './url-collector';

/**
 * `search`: URLs whose words match the query's come first, best first; the others follow in the
 * order they were found. A URL's words are its host and path split at punctuation, stemmed with
 * content's Porter stemmer so `pricing` matches `/price`; a URL scores the share of query terms
 * it holds, ties broken by the shorter URL (closer to the site's root).
 */
export function rankBySearch(urls: readonly DiscoveredUrl[], query: string): DiscoveredUrl[] {
  const terms = [...new Set(wordsOf(query))];
  if (terms.length === 0) return [...urls];
  const scored = urls.map((entry, order) => {
    const words = new Set(wordsOf(decodeSafely(entry.url)));
    const hits = terms.filter((term) => words.has(term)).length;
    return { entry, order, score: hits / terms.length };
  });
  scored.sort(
    (a, b) =>
      b.score - a.score || (a.score > 0 ? a.entry.url.length - b.entry.url.length : 0) || a.order - b.order,
  );
  return scored.map((item) => item.entry);
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => stem(word));
}

function decodeSafely(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
