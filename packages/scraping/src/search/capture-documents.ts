import { bm25Terms, processHtml } from '@webcapture/content';
import {
  CAPTURE_INDEX_SNIPPET_CHARS,
  CAPTURE_INDEX_TERMS_PER_DOCUMENT,
  type CaptureDocument,
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
 * A captured page as the index takes it, whatever captured it. `captureId`: the id the caller
 * reads the capture back by (a scrape id for a scrape, bulk item or crawl page; a monitor check id).
 */
export type CapturedText = Omit<CaptureDocument, 'accountId' | 'length' | 'terms' | 'snippet'> & {
  /** The page's text (markdown). */
  text: string;
};

/** The index's document of a captured page; undefined when it has no text. */
export function captureDocumentOf(accountId: string, page: CapturedText): CaptureDocument | undefined {
  if (!page.text.trim()) return undefined;
  // The title and description count as text too: a page is found by what it says it is about.
  const { terms, length } = termFrequencies(`${page.title}\n${page.description}\n${page.text}`);
  return {
    accountId,
    captureId: page.captureId,
    source: page.source,
    ...(page.parentId ? { parentId: page.parentId } : {}),
    url: page.url,
    title: page.title,
    description: page.description,
    capturedAt: page.capturedAt,
    length,
    terms,
    snippet: page.text.replace(/\s+/g, ' ').trim().slice(0, CAPTURE_INDEX_SNIPPET_CHARS),
  };
}

/**
 * Adds a completed capture to its account's search index (POST /v1/search, source "captures"),
 * kept as long as that capture. Never fails the capture it describes: an index write that fails
 * is logged, and that page is simply not searchable.
 */
export async function indexCapturedText(accountId: string, page: CapturedText): Promise<void> {
  try {
    const document = captureDocumentOf(accountId, page);
    if (document) await putCaptureDocument(document);
  } catch (error) {
    logger().warn('capture not indexed for search', {
      capture_id: page.captureId,
      source: page.source,
      error,
    });
  }
}

type CapturedFrom = { source: CaptureSource; parentId?: string; markdown?: string };

/**
 * The index's document of a completed scrape envelope (a scrape, a bulk item, a crawl page), for
 * indexCapturedPage or a transaction of the caller's (a crawl page's outcome); undefined when the
 * page has no text to index. `from.markdown`: the page's markdown when the caller computed it but
 * left it out of the envelope (a crawl needs it whatever the formats), so it is not converted twice.
 */
export function capturedPageDocument(
  accountId: string,
  envelope: ScrapeEnvelope,
  from: CapturedFrom = { source: 'scrape' },
): CaptureDocument | undefined {
  const { source, parentId, markdown } = from;
  try {
    const text = markdown ?? indexableText(envelope);
    if (!text) return undefined;
    return captureDocumentOf(accountId, {
      captureId: envelope.scrapeId,
      source,
      ...(parentId ? { parentId } : {}),
      url: envelope.finalUrl,
      title: envelope.metadata.title ?? '',
      description: envelope.metadata.description ?? '',
      capturedAt: envelope.retrievedAt,
      text,
    });
  } catch (error) {
    logger().warn('capture not indexed for search', { capture_id: envelope.scrapeId, source, error });
    return undefined;
  }
}

/** Indexes a completed scrape envelope (capturedPageDocument); never fails the capture. */
export async function indexCapturedPage(
  accountId: string,
  envelope: ScrapeEnvelope,
  from: CapturedFrom = { source: 'scrape' },
): Promise<void> {
  const document = capturedPageDocument(accountId, envelope, from);
  if (!document) return;
  await putCaptureDocument(document).catch((error: unknown) => {
    logger().warn('capture not indexed for search', {
      capture_id: envelope.scrapeId,
      source: from.source,
      error,
    });
  });
}
