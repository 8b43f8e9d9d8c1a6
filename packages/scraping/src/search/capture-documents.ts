import { bm25Terms, processHtml } from '@webcapture/content';
import {
  CAPTURE_INDEX_SNIPPET_CHARS,
  CAPTURE_INDEX_TERMS_PER_DOCUMENT,
  type CaptureSource,
  putCaptureDocument,
} from '@webcapture/service';
import { logger } from '@webcapture/telemetry';
import type { ScrapeEnvelope } from '../scrape';

/**
 * The page's text as the index reads it: the envelope's markdown when it was asked for, else the
 * markdown of its HTML (article mode), else nothing (a JSON body, links only).
 */
function indexableText(envelope: ScrapeEnvelope): string | undefined {
  const { markdown, html, rawHtml } = envelope.formats as Record<string, unknown>;
  if (typeof markdown === 'string') return markdown;
  const page = typeof html === 'string' ? html : rawHtml;
  if (typeof page !== 'string' || !envelope.contentType.includes('html')) return undefined;
  return processHtml(page, { url: envelope.finalUrl, outputs: ['markdown'] }).markdown;
}

/** The most frequent terms of a text (at most CAPTURE_INDEX_TERMS_PER_DOCUMENT) and its length in terms. */
function termFrequencies(text: string): { terms: Record<string, number>; length: number } {
  const counts = new Map<string, number>();
  const words = bm25Terms(text);
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  const kept = [...counts].sort((a, b) => b[1] - a[1]).slice(0, CAPTURE_INDEX_TERMS_PER_DOCUMENT);
  return { terms: Object.fromEntries(kept), length: words.length };
}

/**
 * Adds a completed capture to its account's search index (POST /v1/search, source "captures").
 * Never fails the capture it describes: an index write that fails is logged, and that page is
 * simply not searchable.
 */
export async function indexCapturedPage(
  accountId: string,
  envelope: ScrapeEnvelope,
  source: CaptureSource = 'scrape',
): Promise<void> {
  try {
    const text = indexableText(envelope);
    if (!text?.trim()) return;
    const title = envelope.metadata.title ?? '';
    const description = envelope.metadata.description ?? '';
    // The title and description count as text too: a page is found by what it says it is about.
    const { terms, length } = termFrequencies(`${title}\n${description}\n${text}`);
    await putCaptureDocument({
      accountId,
      captureId: envelope.scrapeId,
      source,
      url: envelope.finalUrl,
      title,
      description,
      capturedAt: envelope.retrievedAt,
      length,
      terms,
      snippet: text.replace(/\s+/g, ' ').trim().slice(0, CAPTURE_INDEX_SNIPPET_CHARS),
    });
  } catch (error) {
    logger().warn('capture not indexed for search', { scrape_id: envelope.scrapeId, error });
  }
}
