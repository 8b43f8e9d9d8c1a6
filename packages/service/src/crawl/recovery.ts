import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { TABLE_SCHEMA } from '../table-schema';
import { isConditionFailed } from '../transactions';
import { endFrontierItem } from './commit';
import { finishCrawlIfDone } from './events';
import { queuedLeaseMs } from './frontier';
import { sendCrawlMessages } from './messages';
import { ACTIVE_CRAWLS, type CrawlRecord, crawlPartition, FRONTIER_PREFIX } from './records';

/** Claims and re-sends a URL may take before it fails (a page that kills its worker every time). */
export const MAX_PAGE_ATTEMPTS = 5;

/** The frontier items of a crawl that are in one of `statuses`, a page of the query at a time. */
export async function* frontierItemsIn(crawlId: string, statuses: readonly string[]) {
  let start: Record<string, unknown> | undefined;
  do {
    const { Items, LastEvaluatedKey } = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: `#status IN (${statuses.map((_, i) => `:s${i}`).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pk': crawlPartition(crawlId),
          ':prefix': FRONTIER_PREFIX,
          ...Object.fromEntries(statuses.map((status, i) => [`:s${i}`, status])),
        },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    for (const item of Items ?? []) yield item;
    start = LastEvaluatedKey;
  } while (start);
}

/** The running and queued crawls (the listing index's ACTIVE partition; ended crawls leave it). */
async function* activeCrawls() {
  let start: Record<string, unknown> | undefined;
  do {
    const { Items, LastEvaluatedKey } = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: TABLE_SCHEMA.listingIndex.name,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': ACTIVE_CRAWLS },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of Items ?? []) yield item as CrawlRecord;
    start = LastEvaluatedKey;
  } while (start);
}

export interface CrawlSweepResult {
  requeued: number;
  failed: number;
  finished: number;
}

/**
 * The crawl sweep (house rule: jobs survive crashes). A URL whose lease ran out with no live
 * message — its message was lost between the frontier put and the send, its worker died, or the
 * message went to the dead-letter queue — is sent again with a fresh lease, at most
 * MAX_PAGE_ATTEMPTS times, and then fails (free, like a dead letter). A crawl with nothing pending
 * that a crash left running is ended. Run every minute (SCHEDULES).
 */
export async function sweepCrawls(now: number = Date.now()): Promise<CrawlSweepResult> {
  const result: CrawlSweepResult = { requeued: 0, failed: 0, finished: 0 };
  for await (const record of activeCrawls()) {
    const accountId = (record.pk as string).slice('ACCT#'.length);
    if (Number(record.pending) <= 0 && record.status !== 'queued') {
      await finishCrawlIfDone(accountId, record.id);
      result.finished++;
      continue;
    }
    for await (const item of frontierItemsIn(record.id, ['queued', 'running'])) {
      const leaseUntil = Number(item.lease_until ?? 0);
      if (leaseUntil >= now) continue;
      const message = { accountId, crawlId: record.id, url: item.url as string };
      if (Number(item.attempts ?? 0) >= MAX_PAGE_ATTEMPTS) {
        const from =
          item.status === 'running' ? { from: 'running' as const, leaseUntil } : { from: 'queued' as const };
        const ended = await endFrontierItem(message, from, {
          status: 'failed',
          error: {
            code: 'internal_error',
            message: 'The page could not be processed after repeated attempts.',
          },
        });
        if (ended === 'committed_last') await finishCrawlIfDone(accountId, record.id);
        if (ended !== 'lost_claim') result.failed++;
        continue;
      }
      if (await renewLease(record.id, item, leaseUntil, now)) {
        await sendCrawlMessages([message]);
        result.requeued++;
      }
    }
  }
  return result;
}

/**
 * One more attempt, at most once per queued lease (a message re-sent a minute ago may just be
 * waiting in the queue), conditioned on the lease read so one sweeper wins. The lease itself is
 * left as it is: a running item's expired lease is what lets the re-sent message take it over.
 */
async function renewLease(crawlId: string, item: Record<string, unknown>, leaseUntil: number, now: number) {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET requeued_at = :now ADD attempts :one',
        ConditionExpression:
          'pk = :pk AND (attribute_not_exists(lease_until) OR lease_until = :old) AND (attribute_not_exists(requeued_at) OR requeued_at < :cutoff)',
        ExpressionAttributeValues: {
          ':now': now,
          ':cutoff': now - queuedLeaseMs(),
          ':one': 1,
          ':old': leaseUntil,
          ':pk': crawlPartition(crawlId),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
