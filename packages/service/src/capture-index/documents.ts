import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { OBJECT_RETENTION } from '../object-retention';

/**
 * The per-account index of captured pages behind POST /v1/search with `source: "captures"`
 * (docs/api/search.md, Captures). One DynamoDB item per capture in the account's own partition
 * (`ACCT#<id>`), so no query can reach another account's pages: its URL, title, description, a
 * snippet of its text, its length in terms and the frequencies of its most frequent terms. A
 * search reads the newest documents of the partition, projecting only the query's terms, and
 * scores them with BM25. Items expire with the capture they describe (DynamoDB TTL; reads skip
 * the expired before TTL deletes them).
 */

/** Distinct terms kept per document (its most frequent): bounds the item at a few KB. */
export const CAPTURE_INDEX_TERMS_PER_DOCUMENT = 400;
/** The newest documents a search reads per account: bounds a query's reads. */
export const CAPTURE_INDEX_DOCUMENTS_SEARCHED = 2000;
/** Query terms scored at most (after stopwords); the rest of a long query is ignored. */
export const CAPTURE_INDEX_QUERY_TERMS = 32;
/** Characters of the page's text kept for the result's snippet. */
export const CAPTURE_INDEX_SNIPPET_CHARS = 2000;
/** Where a capture came from: a scrape (sync or async), a bulk scrape item, a crawl page, a monitor check's snapshot. */
export type CaptureSource = 'scrape' | 'bulk' | 'crawl' | 'monitor';

/** A document lives as long as the capture it points to can be read back. */
export const CAPTURE_INDEX_RETENTION_SECONDS: Record<CaptureSource, number> = {
  scrape: OBJECT_RETENTION.scrapes.retentionSeconds,
  bulk: OBJECT_RETENTION.bulk.retentionSeconds,
  crawl: OBJECT_RETENTION.crawl.retentionSeconds,
  monitor: OBJECT_RETENTION.monitorChecks.retentionSeconds,
};

export interface CaptureDocument {
  accountId: string;
  captureId: string;
  source: CaptureSource;
  /** The bulk job, crawl or monitor the capture belongs to; absent for a scrape. */
  parentId?: string;
  url: string;
  title: string;
  description: string;
  capturedAt: string;
  /** Terms in the document (its BM25 length). */
  length: number;
  /** Term → occurrences, at most CAPTURE_INDEX_TERMS_PER_DOCUMENT of them. */
  terms: Record<string, number>;
  snippet: string;
}

/** A document as a search reads it: the frequencies of the query's terms only. */
export type IndexedCapture = Omit<CaptureDocument, 'accountId' | 'terms'> & {
  frequencies: Record<string, number>;
};

/** Newest first within the account's partition: the ISO timestamp sorts as time does. */
const documentSortKey = (capturedAt: string, captureId: string) => `CAPDOC#${capturedAt}#${captureId}`;

export async function putCaptureDocument(document: CaptureDocument, now = Date.now()): Promise<void> {
  await dynamoClient().send(new PutCommand(captureDocumentPut(document, now).Put));
}

/** The document's put, for putCaptureDocument or another transaction (a crawl page's outcome). */
export function captureDocumentPut(document: CaptureDocument, now = Date.now()) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: `ACCT#${document.accountId}`,
        sk: documentSortKey(document.capturedAt, document.captureId),
        type: 'capture_document',
        capture_id: document.captureId,
        source: document.source,
        ...(document.parentId ? { parent_id: document.parentId } : {}),
        url: document.url,
        title: document.title,
        description: document.description,
        captured_at: document.capturedAt,
        doc_len: document.length,
        terms: document.terms,
        snippet: document.snippet.slice(0, CAPTURE_INDEX_SNIPPET_CHARS),
        expiresAt: Math.floor(now / 1000) + CAPTURE_INDEX_RETENTION_SECONDS[document.source],
      },
    },
  };
}

/**
 * The account's newest unexpired documents (at most CAPTURE_INDEX_DOCUMENTS_SEARCHED), newest
 * first, each with the frequencies of `queryTerms` only.
 */
export async function readCaptureDocuments(
  accountId: string,
  queryTerms: readonly string[],
  now = Date.now(),
): Promise<IndexedCapture[]> {
  const terms = queryTerms.slice(0, CAPTURE_INDEX_QUERY_TERMS);
  const names: Record<string, string> = { '#url': 'url', '#source': 'source' };
  // DynamoDB refuses a name no expression uses: `#terms` only with terms to project.
  if (terms.length) names['#terms'] = 'terms';
  terms.forEach((term, i) => {
    names[`#t${i}`] = term;
  });
  const projection = [
    'capture_id',
    '#source',
    'parent_id',
    '#url',
    'title',
    'description',
    'captured_at',
    'doc_len',
    'snippet',
    ...terms.map((_, i) => `#terms.#t${i}`),
  ].join(', ');
  const found: IndexedCapture[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items, LastEvaluatedKey } = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        // Expired but not yet deleted by TTL: gone for the caller already.
        FilterExpression: 'expiresAt > :now',
        ProjectionExpression: projection,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':pk': `ACCT#${accountId}`,
          ':prefix': 'CAPDOC#',
          ':now': Math.floor(now / 1000),
        },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of Items ?? []) {
      found.push({
        captureId: item.capture_id,
        source: item.source,
        ...(item.parent_id ? { parentId: item.parent_id } : {}),
        url: item.url,
        title: item.title,
        description: item.description,
        capturedAt: item.captured_at,
        length: item.doc_len,
        frequencies: (item.terms as Record<string, number> | undefined) ?? {},
        snippet: item.snippet ?? '',
      });
      if (found.length >= CAPTURE_INDEX_DOCUMENTS_SEARCHED) return found;
    }
    startKey = LastEvaluatedKey;
  } while (startKey);
  return found;
}
