import { createHash } from 'node:crypto';
import { OBJECT_RETENTION } from '../object-retention';

/**
 * Crawls (docs/api/crawl.md): a crawl record in the account's partition holding the options and
 * the exact counters, and in the crawl's own partition one frontier item per normalised URL
 * (`URL#<hash>`), written with a conditional put so a URL is claimed once however many pages link
 * to it, messages repeat or workers die. Each queued URL has one SQS message; a worker claims the
 * item with a token and a lease (claims.ts), scrapes it, adds its links to the frontier
 * (frontier.ts) and commits its outcome with the counters and its webhook delivery in one
 * transaction (commit.ts). A sweep (recovery.ts) re-queues items whose lease ran out.
 */

export type CrawlStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
export const CRAWL_STATUSES: readonly CrawlStatus[] = [
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
];
export type CrawlItemStatus = 'queued' | 'running' | 'completed' | 'failed' | 'skipped';
export const CRAWL_ITEM_STATUSES: readonly CrawlItemStatus[] = [
  'queued',
  'running',
  'completed',
  'failed',
  'skipped',
];
/**
 * Why a URL was not scraped; `trap` is the per-path-pattern cap (endless calendars, session ids),
 * `unchanged` an incremental crawl's page the origin (or the sitemap's lastmod) says did not change.
 */
export const CRAWL_SKIP_REASONS = [
  'robots',
  'excluded',
  'external',
  'depth',
  'limit',
  'duplicate',
  'cancelled',
  'trap',
  'unchanged',
] as const;
export type CrawlSkipReason = (typeof CRAWL_SKIP_REASONS)[number];
export const CRAWL_EVENTS = [
  'crawl.started',
  'crawl.page',
  'crawl.completed',
  'crawl.failed',
  'crawl.cancelled',
] as const;
export type CrawlEvent = (typeof CRAWL_EVENTS)[number];

/** Records, frontier items and results are kept this long (DynamoDB TTL, bucket lifecycle rule). */
export const CRAWL_RETENTION_SECONDS = OBJECT_RETENTION.crawl.retentionSeconds;
export const crawlExpiry = (nowMs: number) => Math.floor(nowMs / 1000) + CRAWL_RETENTION_SECONDS;

/** The crawl's options as the worker reads them (the validated request without its webhook fields). */
export interface CrawlOptions {
  url: string;
  limit: number;
  max_depth: number;
  include_paths: string[];
  exclude_paths: string[];
  allow_subdomains: boolean;
  allow_external: boolean;
  sitemap: 'include' | 'skip' | 'only';
  ignore_query_params: boolean;
  respect_robots: boolean;
  delay_ms: number;
  max_concurrency: number;
  deduplicate: boolean;
  /** URLs of one path pattern queued at most (path-patterns.ts); absent on crawls made before it. */
  max_urls_per_pattern?: number;
  /** The scrape fields each page is scraped with (formats, markdown options, timeout_ms, …). */
  scrape: Record<string, unknown>;
  /**
   * The scrape's rendering options (validated by the API): each page is rendered in a browser, by
   * the crawl-render worker. Absent: the HTTP fast path.
   */
  rendering?: Record<string, unknown>;
  /** An incremental crawl's `since` (incremental.ts); absent on a full crawl. */
  since?: CrawlSince;
}

/** `since` resolved: as the caller sent it, the earlier crawl it names, and the time it stands for. */
export interface CrawlSince {
  value: string;
  /** The earlier crawl whose pages' validators are sent; null for a timestamp. */
  crawl_id: string | null;
  /** The timestamp, or the earlier crawl's created_at: older sitemap lastmods are not fetched. */
  at: string;
}

export interface CrawlCounts {
  discovered: number;
  queued: number;
  running: number;
  completed: number;
  failed: number;
  skipped: number;
}

export interface Crawl {
  id: string;
  url: string;
  status: CrawlStatus;
  counts: CrawlCounts;
  limit: number;
  billed_bytes: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  webhook_url: string | null;
  events: string[];
  custom: Record<string, unknown>;
  since: string | null;
}

export interface CrawlItem {
  url: string;
  status: CrawlItemStatus;
  reason: CrawlSkipReason | null;
  duplicate_of: string | null;
  depth: number;
  parent: string | null;
  source: 'start' | 'link' | 'sitemap';
  status_code: number | null;
  error: { code: string; message: string } | null;
  billed_bytes: number;
  completed_at: string | null;
  /** skipped (unchanged): the crawl that fetched the content this page still has, when one did. */
  previous_crawl_id: string | null;
  /** skipped (unchanged): since when the page is known unchanged. */
  unchanged_since: string | null;
  /** S3 key of the page's scrape envelope; the HTTP layer turns it into a signed content_url. */
  resultKey: string | null;
}

/** One SQS message: a frontier URL to claim and scrape. */
export interface CrawlPageMessage {
  accountId: string;
  crawlId: string;
  url: string;
  /** The item's place, carried so a claim need not read the item (absent: it is read). */
  depth?: number;
  parent?: string | null;
  source?: 'start' | 'link' | 'sitemap';
}

export const crawlKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `CRAWL#${id}` });
export const crawlPartition = (crawlId: string) => `CRAWL#${crawlId}`;
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);
/** A frontier item: its sort key is a digest of the normalised URL, so equal URLs are one item. */
export const frontierKey = (crawlId: string, url: string) => ({
  pk: crawlPartition(crawlId),
  sk: `URL#${digest(url)}`,
});
export const FRONTIER_PREFIX = 'URL#';
/** Claims of one crawl's other keys (content fingerprints, host slots, pattern counters). */
export const crawlClaimKey = (crawlId: string, kind: string, name: string) => ({
  pk: crawlPartition(crawlId),
  sk: `${kind}#${digest(name)}`,
});
/** Running and queued crawls, in one listing-index partition: the sweep's work list. */
export const ACTIVE_CRAWLS = 'CRAWLS#ACTIVE';

/** A crawl record as stored: the view's fields plus counters and options. */
export type CrawlRecord = Record<string, unknown> & {
  id: string;
  status: CrawlStatus;
  options: CrawlOptions;
  discovered: number;
  running: number;
  completed: number;
  failed: number;
  skipped: number;
  /** Items not yet completed, failed or skipped: the crawl ends when it reaches 0. */
  pending: number;
  /** Claims that count toward `limit` (pages being scraped or scraped). */
  reserved: number;
  /** Pages that completed or failed (not duplicates): what `limit` counts. */
  scraped: number;
  /** The last event sequence number handed out. */
  seq: number;
};

export function toCrawl(record: CrawlRecord): Crawl {
  const done = record.completed + record.failed + record.skipped;
  return {
    id: record.id,
    url: record.options.url,
    status: record.status,
    counts: {
      discovered: record.discovered,
      queued: Math.max(0, record.discovered - done - record.running),
      running: record.running,
      completed: record.completed,
      failed: record.failed,
      skipped: record.skipped,
    },
    limit: record.options.limit,
    billed_bytes: Number(record.billed_bytes ?? 0),
    created_at: record.created_at as string,
    started_at: (record.started_at as string | undefined) ?? null,
    completed_at: (record.completed_at as string | undefined) ?? null,
    cancelled_at: (record.cancelled_at as string | undefined) ?? null,
    webhook_url: (record.webhook_url as string | undefined) ?? null,
    events: (record.events as string[] | undefined) ?? [],
    custom: typeof record.custom_json === 'string' ? JSON.parse(record.custom_json) : {},
    since: record.options.since?.value ?? null,
  };
}

export function toCrawlItem(record: Record<string, unknown>): CrawlItem {
  const text = (name: string) => (record[name] as string | undefined) ?? null;
  return {
    url: record.url as string,
    status: record.status as CrawlItemStatus,
    reason: (record.reason as CrawlSkipReason | undefined) ?? null,
    duplicate_of: text('duplicate_of'),
    depth: Number(record.depth ?? 0),
    parent: text('parent'),
    source: (record.source as CrawlItem['source'] | undefined) ?? 'link',
    status_code: (record.status_code as number | undefined) ?? null,
    error: (record.error as CrawlItem['error'] | undefined) ?? null,
    billed_bytes: Number(record.billed_bytes ?? 0),
    completed_at: text('completed_at'),
    previous_crawl_id: text('previous_crawl_id'),
    unchanged_since: text('unchanged_since'),
    resultKey: text('result_key'),
  };
}

/** Not past its retention: DynamoDB deletes expired items late (DynamoDB Local never). */
export const liveRecord = (record: Record<string, unknown> | undefined) =>
  record !== undefined && Number(record.expiresAt ?? Number.POSITIVE_INFINITY) > Date.now() / 1000;

/** A page as its crawl.page event reports it. */
export interface PageOutcomeView {
  url: string;
  status: 'completed' | 'failed';
  depth: number;
  parent: string | null;
  status_code: number | null;
  error: { code: string; message: string } | null;
}
