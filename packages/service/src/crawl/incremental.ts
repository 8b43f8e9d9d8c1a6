import { gunzipSync, gzipSync } from 'node:zlib';
import { CopyObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, s3Client } from '../clients';
import { bucketName, tableName } from '../config';
import { isIdOf } from '../ids';
import { getCrawlRecord } from './events';
import { type CrawlSince, frontierKey, liveRecord } from './records';

/**
 * Incremental crawls (docs/api/crawl.md, Incremental crawls): every completed page keeps on its
 * frontier item what a later crawl with `since: <this crawl's id>` needs to ask the origin "has it
 * changed?" (its ETag, Last-Modified and a hash of its body) and to follow its links without
 * fetching it again (gzipped, when they fit). A page found unchanged keeps the same, carried
 * forward, so a chain of incremental crawls keeps working.
 */

/** What a completed or unchanged page keeps for a later incremental crawl. */
export interface KeptPage {
  etag: string | null;
  lastModified: string | null;
  /** SHA-256 of the body as decoded: an equal one on a 200 means the page did not change. */
  contentHash: string | null;
  /** The page's links as found; null when not known (a later crawl then fetches it in full). */
  links: string[] | null;
  /** skipped (unchanged) only: the crawl that fetched the content, and since when it holds. */
  previousCrawlId?: string | null;
  unchangedSince?: string | null;
}

/** A page's gzipped links are kept up to this size: the frontier item stays far below 400 KB. */
const MAX_KEPT_LINKS_BYTES = 32 * 1024;

/** The SET clauses and values that store `kept` on a frontier item (none when nothing is kept). */
export function keptPageAttributes(kept: KeptPage | undefined): {
  set: string;
  values: Record<string, unknown>;
} {
  if (!kept) return { set: '', values: {} };
  const links = kept.links ? gzipSync(JSON.stringify(kept.links)) : null;
  return {
    set: ', etag = :etag, last_modified = :lastmod, content_hash = :hash, links_gz = :links, previous_crawl_id = :prev, unchanged_since = :usince',
    values: {
      ':etag': kept.etag,
      ':lastmod': kept.lastModified,
      ':hash': kept.contentHash,
      ':links': links && links.length <= MAX_KEPT_LINKS_BYTES ? links : null,
      ':prev': kept.previousCrawlId ?? null,
      ':usince': kept.unchangedSince ?? null,
    },
  };
}

/**
 * `since` as a crawl keeps it: a timestamp stands for itself; a crawl id must name one of the
 * caller's own live crawls (undefined otherwise: the caller answers 404, as for any other account's
 * id), whose creation time it stands for. An unfinished crawl may be named: the pages it completed
 * so far are compared, the others are fetched in full.
 */
export async function resolveCrawlSince(accountId: string, value: string): Promise<CrawlSince | undefined> {
  if (!value.startsWith('cr_')) return { value, crawl_id: null, at: new Date(value).toISOString() };
  const record = isIdOf('cr', value) ? await getCrawlRecord(accountId, value) : undefined;
  return record ? { value, crawl_id: value, at: record.created_at as string } : undefined;
}

/** A page of the earlier crawl that had content: what to send the origin, and what to keep if unchanged. */
export interface PreviousPage extends KeptPage {
  /** Its stored scrape envelope (in the crawl that fetched it). */
  resultKey: string | null;
  /** The crawl that fetched the content and when: an unchanged page is followed back to it. */
  crawlId: string;
  fetchedAt: string;
}

/** The earlier crawl's page at `url`, when it completed (or was itself unchanged) and kept validators. */
export async function previousPage(
  since: CrawlSince | undefined,
  url: string,
): Promise<PreviousPage | undefined> {
  if (!since?.crawl_id) return undefined;
  const { Item: item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: frontierKey(since.crawl_id, url) }),
  );
  if (!item || !liveRecord(item)) return undefined;
  const unchanged = item.status === 'skipped' && item.reason === 'unchanged';
  if (item.status !== 'completed' && !unchanged) return undefined;
  const text = (name: string) => (typeof item[name] === 'string' ? (item[name] as string) : null);
  const kept = { etag: text('etag'), lastModified: text('last_modified'), contentHash: text('content_hash') };
  if (!kept.etag && !kept.lastModified && !kept.contentHash) return undefined;
  const linksGz = item.links_gz as Uint8Array | null | undefined;
  return {
    ...kept,
    links: linksGz ? (JSON.parse(gunzipSync(linksGz).toString('utf8')) as string[]) : null,
    resultKey: text('result_key'),
    crawlId: text('previous_crawl_id') ?? since.crawl_id,
    fetchedAt: text('unchanged_since') ?? text('completed_at') ?? since.at,
  };
}

/**
 * Copies an earlier crawl's stored envelope under this crawl's key (server-side, no body through
 * the worker), so an unchanged page's content_url lives as long as this crawl, not the earlier
 * one. False when the earlier object is gone (past its retention).
 */
export async function copyCrawlResult(fromKey: string, toKey: string): Promise<boolean> {
  try {
    await s3Client().send(
      new CopyObjectCommand({ Bucket: bucketName(), CopySource: `${bucketName()}/${fromKey}`, Key: toKey }),
    );
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((error as Error).name === 'NoSuchKey' || status === 404) return false;
    throw error;
  }
}
