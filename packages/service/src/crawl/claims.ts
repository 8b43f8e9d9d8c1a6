import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { nowIso } from '../ids';
import type { Admission } from '../metering';
import { asPlain } from '../metering/meter';
import { transactWrite } from '../transactions';
import { type HostPacing, hostClaimWrite, hostWaitMs } from './host-pacing';
import { type CrawlPageMessage, type CrawlRecord, crawlKey, frontierKey } from './records';

/**
 * claimed / taken_over: scrape the page (taken_over: a worker whose lease ran out had it, and
 * `previousAdmission` is the admission it may have settled); stopped: the crawl was cancelled or
 * has ended; limit: `limit` pages are claimed already; host_busy: the host has `max_concurrency`
 * pages in flight or its next turn is `waitMs` away (nothing taken); done: the item has its
 * outcome; held: another worker's live claim.
 */
export type PageClaim =
  | { kind: 'claimed' | 'taken_over'; item: Record<string, unknown>; previousAdmission?: Admission }
  | { kind: 'stopped'; item: Record<string, unknown>; crawl: CrawlRecord }
  | { kind: 'limit'; item: Record<string, unknown>; crawl: CrawlRecord }
  | { kind: 'host_busy'; waitMs: number | undefined }
  | { kind: 'done' | 'held' };

export async function readFrontierItem(crawlId: string, url: string) {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: frontierKey(crawlId, url), ConsistentRead: true }),
  );
  return Item;
}

type Reasons = { Code?: string; Item?: Record<string, unknown> }[];

/** Runs a claim's transaction: undefined when it went through, else why each write was refused. */
async function refusals(writes: Parameters<typeof transactWrite>[0]): Promise<Reasons | undefined> {
  try {
    await transactWrite(writes);
    return undefined;
  } catch (error) {
    const reasons = (error as { CancellationReasons?: Reasons }).CancellationReasons;
    if (!reasons?.some((reason) => reason.Code === 'ConditionalCheckFailed')) throw error;
    return reasons;
  }
}

const refused = (reasons: Reasons, index: number) => reasons[index]?.Code === 'ConditionalCheckFailed';
const oldItem = (reasons: Reasons, index: number) => asPlain(reasons[index]?.Item ?? {});

/**
 * Claims a queued URL for `token` until `leaseUntil` (epoch ms), in one transaction with the crawl
 * (still running, and fewer than `limit` pages claimed, which the claim then counts) and with the
 * host (a place among its `max_concurrency`, its turn: host-pacing.ts): a URL is scraped by one
 * worker at a time, at most `limit` pages are scraped, and a host never has more pages in flight
 * than allowed. An item whose claim's lease ran out is taken over, in the place its worker held;
 * the admission that worker held is handed back, so that the page it may already have billed is
 * not billed again (the end marker of that admission tells). The common case is one round trip:
 * the item is read only when the message does not carry its depth, parent and source.
 */
export async function claimCrawlPage(
  message: CrawlPageMessage,
  token: string,
  leaseUntil: number,
  admission: Admission | undefined,
  pacing: HostPacing,
  now: number = Date.now(),
): Promise<PageClaim> {
  const crawl = crawlKey(message.accountId, message.crawlId);
  const itemWrite = (takeoverOf?: unknown) => ({
    Update: {
      TableName: tableName(),
      Key: frontierKey(message.crawlId, message.url),
      UpdateExpression:
        'SET #status = :running, claim = :token, lease_until = :lease, admission = :admission, started_at = :now ADD attempts :one',
      // A takeover is conditioned on the very lease it read: two takers cannot both win.
      ConditionExpression:
        takeoverOf === undefined ? '#status = :queued' : '#status = :running AND lease_until = :old',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':token': token,
        ':lease': leaseUntil,
        ':admission': admission ? JSON.stringify(admission) : null,
        ':now': nowIso(new Date(now)),
        ':one': 1,
        ...(takeoverOf === undefined ? { ':queued': 'queued' } : { ':old': takeoverOf }),
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  });
  const hostWrite = (takesPlace: boolean) => {
    const write = hostClaimWrite(message.crawlId, pacing, takesPlace, now);
    return write ? [write] : [];
  };
  const first = await refusals([
    itemWrite(),
    {
      Update: {
        TableName: tableName(),
        Key: crawl,
        UpdateExpression: 'ADD running :one, reserved :one',
        ConditionExpression: '#status = :running AND reserved < #options.#limit',
        ExpressionAttributeNames: { '#status': 'status', '#options': 'options', '#limit': 'limit' },
        ExpressionAttributeValues: { ':running': 'running', ':one': 1 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
    ...hostWrite(true),
  ]);
  if (!first) return { kind: 'claimed', item: await placeOf(message) };
  if (!refused(first, 0)) {
    if (refused(first, 1)) return stoppedOrLimit({ status: 'queued' }, oldItem(first, 1));
    return { kind: 'host_busy', waitMs: hostWaitMs(oldItem(first, 2), now) };
  }
  const item = oldItem(first, 0);
  if (item.status !== 'running') return { kind: 'done' };
  if (Number(item.lease_until ?? 0) >= now) return { kind: 'held' };
  const takeover = await refusals([
    itemWrite(item.lease_until),
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: crawl,
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
    ...hostWrite(false),
  ]);
  if (takeover) {
    // Another taker won the lease (or the item ended meanwhile): its worker scrapes it.
    if (refused(takeover, 0)) return { kind: 'held' };
    if (refused(takeover, 1)) return stoppedOrLimit(item, oldItem(takeover, 1));
    return { kind: 'host_busy', waitMs: hostWaitMs(oldItem(takeover, 2), now) };
  }
  const previous = typeof item.admission === 'string' ? JSON.parse(item.admission) : undefined;
  return { kind: 'taken_over', item, previousAdmission: previous };
}

function stoppedOrLimit(item: Record<string, unknown>, crawl: Record<string, unknown>): PageClaim {
  const record = crawl as unknown as CrawlRecord;
  return { kind: record.status === 'running' ? 'limit' : 'stopped', item, crawl: record };
}

/** The claimed item's place in the crawl (depth, parent, source): from its message, else read. */
async function placeOf(message: CrawlPageMessage): Promise<Record<string, unknown>> {
  if (message.depth !== undefined) {
    return { depth: message.depth, parent: message.parent ?? null, source: message.source ?? 'link' };
  }
  return (await readFrontierItem(message.crawlId, message.url)) ?? {};
}
