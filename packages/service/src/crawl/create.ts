import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { newId, nowIso } from '../ids';
import { addToFrontier } from './frontier';
import {
  ACTIVE_CRAWLS,
  type Crawl,
  type CrawlOptions,
  type CrawlRecord,
  crawlExpiry,
  crawlKey,
  toCrawl,
} from './records';

export interface NewCrawl {
  accountId: string;
  options: CrawlOptions;
  webhook: { url: string; events: string[] } | null;
  custom: Record<string, unknown>;
}

/**
 * Records a crawl (`queued`, in the sweep's list of active crawls), then its start URL as the
 * frontier's first item, whose message starts the work. A crawl whose seed message was lost is
 * found by the sweep like any other queued URL.
 */
export async function createCrawl(input: NewCrawl): Promise<Crawl> {
  const id = newId('cr');
  const now = Date.now();
  const record: CrawlRecord = {
    ...crawlKey(input.accountId, id),
    type: 'crawl',
    id,
    status: 'queued',
    options: input.options,
    discovered: 0,
    running: 0,
    completed: 0,
    failed: 0,
    skipped: 0,
    pending: 0,
    reserved: 0,
    scraped: 0,
    seq: 0,
    billed_bytes: 0,
    created_at: nowIso(new Date(now)),
    webhook_url: input.webhook?.url ?? null,
    events: input.webhook?.events ?? [],
    custom_json: JSON.stringify(input.custom),
    gsi1pk: ACTIVE_CRAWLS,
    gsi1sk: id,
    expiresAt: crawlExpiry(now),
  };
  await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: record }));
  await addToFrontier(
    input.accountId,
    id,
    [{ url: input.options.url, depth: 0, parent: null, source: 'start' }],
    input.options.max_urls_per_pattern,
  );
  return toCrawl({ ...record, discovered: 1, pending: 1 });
}
