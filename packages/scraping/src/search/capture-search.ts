import { bm25TermScore, bm25Terms } from '@webcapture/content';
import {
  type CaptureSource,
  type IndexedCapture,
  readCaptureDocuments,
  searchBillingRecord,
} from '@webcapture/service';
import type { RequestMeter } from '../request-meter';

export interface CaptureSearchQuery {
  accountId: string;
  query: string;
  limit: number;
  /** Hosts (subdomains included) the results must be on. */
  sites?: readonly string[];
  timeRange?: 'day' | 'week' | 'month' | 'year';
}

/** A result of `source: "captures"`, shaped like a web result. */
export interface CaptureHit {
  url: string;
  title: string;
  description: string;
  position: number;
  provider: 'captures';
  capture_id: string;
  capture_source: CaptureSource;
  capture_parent_id?: string;
  captured_at: string;
}

export interface CaptureSearchAnswer {
  results: CaptureHit[];
  provider: 'captures';
  partial: false;
}

const RANGE_MS = { day: 86_400_000, week: 7 * 86_400_000, month: 31 * 86_400_000, year: 366 * 86_400_000 };
/** Characters of the snippet shown as a result's description. */
const SNIPPET_CHARS = 300;

function onSites(url: string, sites: readonly string[] | undefined): boolean {
  if (!sites?.length) return true;
  const host = new URL(url).hostname.toLowerCase();
  return sites.some((site) => host === site || host.endsWith(`.${site}`));
}

/** The part of the page's text around the first query word it holds, else its description or opening. */
function snippetFor(document: IndexedCapture, queryWords: readonly string[]): string {
  const text = document.snippet;
  const lower = text.toLowerCase();
  const at = queryWords.map((word) => lower.indexOf(word)).filter((index) => index >= 0);
  // No query word in the kept text (it matched further on, or by its stem): the page's own description.
  if (!at.length && document.description) return document.description;
  const start = at.length ? Math.max(0, Math.min(...at) - 80) : 0;
  const piece = text.slice(start, start + SNIPPET_CHARS).trim();
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
}

/**
 * POST /v1/search with `source: "captures"`: BM25 over the account's own captured pages (their
 * newest documents in its index partition; docs/api/search.md). Each URL once (its newest
 * capture); pages holding none of the query's terms are left out. Billed as a web search without
 * scrapes: the search's credit, taken at admission.
 */
export async function searchCaptures(
  request: CaptureSearchQuery,
  meter: RequestMeter,
  now = Date.now(),
): Promise<CaptureSearchAnswer> {
  meter.bill(searchBillingRecord([]));
  const terms = [...new Set(bm25Terms(request.query))];
  if (!terms.length) return { results: [], provider: 'captures', partial: false };
  const since = request.timeRange ? now - RANGE_MS[request.timeRange] : 0;
  const seen = new Set<string>();
  const documents = (await readCaptureDocuments(request.accountId, terms, now)).filter((document) => {
    if (seen.has(document.url)) return false;
    seen.add(document.url);
    return Date.parse(document.capturedAt) >= since && onSites(document.url, request.sites);
  });
  const averageLength =
    documents.reduce((sum, document) => sum + document.length, 0) / (documents.length || 1);
  const frequency = new Map(terms.map((term) => [term, documents.filter((d) => d.frequencies[term]).length]));
  const scored = documents
    .map((document) => ({
      document,
      score: terms.reduce(
        (sum, term) =>
          sum +
          bm25TermScore(document.frequencies[term] ?? 0, document.length, {
            documents: documents.length,
            averageLength: averageLength || 1,
            documentFrequency: frequency.get(term) ?? 0,
          }),
        0,
      ),
    }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, request.limit);
  const queryWords = request.query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return {
    results: scored.map(({ document }, index) => ({
      url: document.url,
      title: document.title,
      description: snippetFor(document, queryWords),
      position: index + 1,
      provider: 'captures',
      capture_id: document.captureId,
      capture_source: document.source,
      ...(document.parentId ? { capture_parent_id: document.parentId } : {}),
      captured_at: document.capturedAt,
    })),
    provider: 'captures',
    partial: false,
  };
}
