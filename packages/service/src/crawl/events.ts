import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { publicUrl, tableName } from '../config';
import { nowIso } from '../ids';
import { cancellationCode, transactWrite } from '../transactions';
import { sendWebhookMessages } from '../webhooks/messages';
import { type OutboxDelivery, outboxDelivery, outboxPut } from '../webhooks/outbox';
import {
  type CrawlEvent,
  type CrawlRecord,
  crawlKey,
  liveRecord,
  type PageOutcomeView,
  toCrawl,
} from './records';

/**
 * Crawl events (docs/api/crawl.md, Events) on the webhook outbox: each delivery is written in the
 * transaction that records what it reports (the start, a page's outcome, the end), and queued
 * after it; one whose process died in between is queued by the webhook sweep (webhooks/sweep.ts).
 * Each carries `sequence`: crawl.started is 1, every page event takes the next number from the
 * crawl's counter before its commit (a commit that loses its claim leaves a gap), and the terminal
 * event takes a number after every page has ended, so it is always the highest.
 */

export function wantsEvent(record: CrawlRecord, event: CrawlEvent): boolean {
  return typeof record.webhook_url === 'string' && ((record.events as string[]) ?? []).includes(event);
}

function crawlEventDelivery(
  accountId: string,
  record: CrawlRecord,
  event: CrawlEvent,
  sequence: number,
  data: Record<string, unknown>,
): OutboxDelivery {
  const custom = typeof record.custom_json === 'string' ? JSON.parse(record.custom_json) : {};
  return outboxDelivery({
    accountId,
    url: record.webhook_url as string,
    event,
    payload: {
      crawl_id: record.id,
      sequence,
      ...data,
      result_url: publicUrl(`/v1/crawl/${record.id}`),
      custom,
    },
  });
}

export async function getCrawlRecord(accountId: string, id: string): Promise<CrawlRecord | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: crawlKey(accountId, id), ConsistentRead: true }),
  );
  return liveRecord(Item) ? (Item as CrawlRecord) : undefined;
}

/** Running crawls' records as this process last read them (getRunningCrawlRecord). */
const runningRecords = new Map<string, { record: CrawlRecord; readAt: number }>();
const RUNNING_RECORD_MAX_AGE_MS = 5_000;

/**
 * A crawl's record as its page workers read it: a running crawl's from this process's memory for
 * a few seconds. Its options, webhook and custom data never change, and every claim checks the
 * crawl's status and counters itself (claims.ts), so an older copy never lets a page past a
 * cancel or the limit; it only spares each page a read.
 */
export async function getRunningCrawlRecord(accountId: string, id: string): Promise<CrawlRecord | undefined> {
  const key = `${accountId}/${id}`;
  const hit = runningRecords.get(key);
  if (hit && Date.now() - hit.readAt < RUNNING_RECORD_MAX_AGE_MS) return hit.record;
  const record = await getCrawlRecord(accountId, id);
  if (runningRecords.size > 1000) runningRecords.clear();
  if (record?.status === 'running') runningRecords.set(key, { record, readAt: Date.now() });
  else runningRecords.delete(key);
  return record;
}

/** Moves a queued crawl to running, with its crawl.started (sequence 1); exactly one caller wins. */
export async function startCrawl(accountId: string, record: CrawlRecord): Promise<void> {
  const delivery = wantsEvent(record, 'crawl.started')
    ? crawlEventDelivery(accountId, record, 'crawl.started', 1, { url: record.options.url })
    : undefined;
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: crawlKey(accountId, record.id),
          UpdateExpression: 'SET #status = :running, started_at = :now, seq = :one',
          ConditionExpression: '#status = :queued',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':running': 'running',
            ':queued': 'queued',
            ':now': nowIso(),
            ':one': 1,
          },
        },
      },
      ...(delivery ? [outboxPut(delivery)] : []),
    ]);
  } catch (error) {
    if (cancellationCode(error, 0) !== 'ConditionalCheckFailed') throw error;
    return;
  }
  if (delivery) await sendWebhookMessages(accountId, [delivery.id]);
}

/** A page's crawl.page delivery, its sequence number taken now; undefined when not asked for. */
export async function pageEventDelivery(
  accountId: string,
  record: CrawlRecord,
  page: PageOutcomeView,
): Promise<OutboxDelivery | undefined> {
  if (!wantsEvent(record, 'crawl.page')) return undefined;
  const { Attributes } = await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: crawlKey(accountId, record.id),
      UpdateExpression: 'ADD seq :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return crawlEventDelivery(accountId, record, 'crawl.page', Number(Attributes?.seq), { page });
}

/**
 * Ends a crawl with no pending URL: `completed` when a page completed, else `failed`, or
 * `cancelled` after a cancel; its terminal event in the same transaction, numbered after every
 * page event (conditioned on the sequence read). Conditional, so exactly one caller ends it; any
 * caller may try (the last commit, a skip, cancel, the sweep).
 */
export async function finishCrawlIfDone(accountId: string, id: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await getCrawlRecord(accountId, id);
    if (!record || record.completed_at || record.pending > 0) return;
    if (record.status !== 'running' && record.status !== 'cancelled') return;
    // An incremental crawl whose pages all proved unchanged did its work: completed, not failed.
    const succeeded = record.completed > 0 || Number(record.unchanged ?? 0) > 0;
    const status = record.status === 'cancelled' ? 'cancelled' : succeeded ? 'completed' : 'failed';
    const now = nowIso();
    const sequence = Number(record.seq ?? 0) + 1;
    const event = `crawl.${status}` as CrawlEvent;
    const ended = { ...record, status, completed_at: now } as CrawlRecord;
    const delivery = wantsEvent(record, event)
      ? crawlEventDelivery(accountId, record, event, sequence, { crawl: toCrawl(ended) })
      : undefined;
    try {
      await transactWrite([
        {
          Update: {
            TableName: tableName(),
            Key: crawlKey(accountId, id),
            UpdateExpression: 'SET #status = :status, completed_at = :now, seq = :seq REMOVE gsi1pk, gsi1sk',
            ConditionExpression: 'pending = :zero AND seq = :read AND attribute_not_exists(completed_at)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': status,
              ':now': now,
              ':seq': sequence,
              ':read': Number(record.seq ?? 0),
              ':zero': 0,
            },
          },
        },
        ...(delivery ? [outboxPut(delivery)] : []),
      ]);
    } catch (error) {
      if (cancellationCode(error, 0) !== 'ConditionalCheckFailed') throw error;
      continue;
    }
    if (delivery) await sendWebhookMessages(accountId, [delivery.id]);
    return;
  }
}
