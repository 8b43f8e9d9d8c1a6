import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { nowIso } from '../ids';
import type { Admission } from '../metering';
import { asPlain } from '../metering/meter';
import { cancellationCode, transactWrite } from '../transactions';
import { queuedLeaseMs } from './frontier';
import { type CrawlPageMessage, type CrawlRecord, crawlKey, frontierKey } from './records';

/**
 * claimed / taken_over: scrape the page (taken_over: a worker whose lease ran out had it, and
 * `previousAdmission` is the admission it may have settled); stopped: the crawl was cancelled or
 * has ended; limit: `limit` pages are claimed already; done: the item has its outcome; held:
 * another worker's live claim.
 */
export type PageClaim =
  | { kind: 'claimed' | 'taken_over'; item: Record<string, unknown>; previousAdmission?: Admission }
  | { kind: 'stopped'; item: Record<string, unknown>; crawl: CrawlRecord }
  | { kind: 'limit'; item: Record<string, unknown>; crawl: CrawlRecord }
  | { kind: 'done' | 'held' };

export async function readFrontierItem(crawlId: string, url: string) {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: frontierKey(crawlId, url), ConsistentRead: true }),
  );
  return Item;
}

/**
 * Claims a queued URL for `token` until `leaseUntil` (epoch ms), in one transaction with the crawl
 * (still running, and for a first claim fewer than `limit` pages claimed, which the claim then
 * counts): a URL is scraped by one worker at a time and at most `limit` pages are scraped. An item
 * whose claim's lease ran out is taken over; the admission its worker held is handed back, so
 * that the page it may already have billed is not billed again (the end marker of that admission
 * tells).
 */
export async function claimCrawlPage(
  message: CrawlPageMessage,
  token: string,
  leaseUntil: number,
  admission: Admission | undefined,
  now: number = Date.now(),
): Promise<PageClaim> {
  const item = await readFrontierItem(message.crawlId, message.url);
  if (!item || !['queued', 'running'].includes(item.status as string)) return { kind: 'done' };
  const takeover = item.status === 'running';
  if (takeover && Number(item.lease_until ?? 0) >= now) return { kind: 'held' };
  const crawl = crawlKey(message.accountId, message.crawlId);
  const itemWrite = {
    Update: {
      TableName: tableName(),
      Key: frontierKey(message.crawlId, message.url),
      UpdateExpression:
        'SET #status = :running, claim = :token, lease_until = :lease, admission = :admission, started_at = :now ADD attempts :one',
      // A takeover is conditioned on the very lease it read: two takers cannot both win.
      ConditionExpression: takeover ? '#status = :running AND lease_until = :old' : '#status = :queued',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':token': token,
        ':lease': leaseUntil,
        ':admission': admission ? JSON.stringify(admission) : null,
        ':now': nowIso(new Date(now)),
        ':one': 1,
        ...(takeover ? { ':old': item.lease_until } : { ':queued': 'queued' }),
      },
    },
  };
  const crawlWrite = takeover
    ? {
        ConditionCheck: {
          TableName: tableName(),
          Key: crawl,
          ConditionExpression: '#status = :running',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':running': 'running' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      }
    : {
        Update: {
          TableName: tableName(),
          Key: crawl,
          UpdateExpression: 'ADD running :one, reserved :one',
          ConditionExpression: '#status = :running AND reserved < #options.#limit',
          ExpressionAttributeNames: { '#status': 'status', '#options': 'options', '#limit': 'limit' },
          ExpressionAttributeValues: { ':running': 'running', ':one': 1 },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      };
  try {
    await transactWrite([itemWrite, crawlWrite]);
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string; Item?: Record<string, unknown> }[] })
      .CancellationReasons;
    if (!reasons) throw error;
    if (reasons[0]?.Code === 'ConditionalCheckFailed') {
      const now2 = await readFrontierItem(message.crawlId, message.url);
      return now2?.status === 'running' ? { kind: 'held' } : { kind: 'done' };
    }
    if (reasons[1]?.Code !== 'ConditionalCheckFailed') throw error;
    const record = asPlain(reasons[1]?.Item ?? {}) as unknown as CrawlRecord;
    return { kind: record.status === 'running' ? 'limit' : 'stopped', item, crawl: record };
  }
  const previous = takeover && typeof item.admission === 'string' ? JSON.parse(item.admission) : undefined;
  return { kind: takeover ? 'taken_over' : 'claimed', item, previousAdmission: previous };
}

/**
 * Gives back a claim whose page has not been fetched (the host had no free turn in time): the URL
 * queued again with a fresh queued lease, no longer counted running nor toward `limit`, and the
 * attempt not counted. Conditioned on the claim: once another worker holds it, nothing changes.
 */
export async function releaseCrawlClaim(message: CrawlPageMessage, token: string): Promise<void> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: frontierKey(message.crawlId, message.url),
          UpdateExpression: 'SET #status = :queued, lease_until = :lease REMOVE claim ADD attempts :minus',
          ConditionExpression: '#status = :running AND claim = :token',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':queued': 'queued',
            ':running': 'running',
            ':token': token,
            ':lease': Date.now() + queuedLeaseMs(),
            ':minus': -1,
          },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: crawlKey(message.accountId, message.crawlId),
          UpdateExpression: 'ADD running :minus, reserved :minus',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
    ]);
  } catch (error) {
    if (cancellationCode(error, 0) !== 'ConditionalCheckFailed') throw error;
  }
}
