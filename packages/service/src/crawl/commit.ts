import { tableName } from '../config';
import { nowIso } from '../ids';
import { cancellationCode, transactWrite } from '../transactions';
import { type OutboxDelivery, outboxPut } from '../webhooks/outbox';
import { hostReleaseWrite } from './host-pacing';
import { type KeptPage, keptPageAttributes } from './incremental';
import { type CrawlPageMessage, type CrawlSkipReason, crawlKey, frontierKey } from './records';

/** What a URL ended as. */
export interface PageOutcome {
  status: 'completed' | 'failed' | 'skipped';
  reason?: CrawlSkipReason;
  duplicateOf?: string;
  statusCode?: number | null;
  resultKey?: string | null;
  error?: { code: string; message: string } | null;
  billedBytes?: number;
  /** What a later incremental crawl compares with (completed and unchanged pages). */
  kept?: KeptPage;
}

/** Which claim the ending is conditioned on: the worker's token, or a state nobody holds. */
export type EndingClaim = { token: string } | { from: 'queued' } | { from: 'running'; leaseUntil: number };

/**
 * committed: recorded, other URLs were still pending; ended_last: recorded, and the crawl may have
 * no pending URL left (check its end); lost_claim: the item was not in the state named (another
 * worker took it over, or it already ended), nothing written.
 */
export type EndResult = 'committed' | 'committed_last' | 'lost_claim';

/**
 * Ends a frontier item: its outcome, the crawl's counters (a claimed item leaves `running`; a page
 * that completed or failed counts toward `limit`, a skipped one gives its claim's place back) and
 * its webhook delivery, and for a running item its host's place (host-pacing.ts), in one
 * transaction conditioned on `claim`. So an outcome is counted exactly once, and its delivery
 * exists exactly when it does. Like bulk's commit, the counter update is first conditioned on
 * other items still pending, so only the ending that may have brought `pending` to zero checks
 * the crawl's end.
 */
export async function endFrontierItem(
  message: CrawlPageMessage,
  claim: EndingClaim,
  outcome: PageOutcome,
  delivery?: OutboxDelivery,
): Promise<EndResult> {
  const wasRunning = 'token' in claim || claim.from === 'running';
  const scraped = outcome.status !== 'skipped';
  const kept = keptPageAttributes(outcome.kept);
  const item = {
    Update: {
      TableName: tableName(),
      Key: frontierKey(message.crawlId, message.url),
      UpdateExpression: `SET #status = :status, reason = :reason, duplicate_of = :dup, status_code = :code, result_key = :key, #error = :error, billed_bytes = :billed, completed_at = :now${kept.set} REMOVE claim, lease_until`,
      ConditionExpression:
        'token' in claim
          ? '#status = :running AND claim = :token'
          : claim.from === 'queued'
            ? '#status = :queued'
            : '#status = :running AND lease_until = :lease',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':reason': outcome.reason ?? null,
        ':dup': outcome.duplicateOf ?? null,
        ':code': outcome.statusCode ?? null,
        ':key': outcome.resultKey ?? null,
        ':error': outcome.error ?? null,
        ':billed': outcome.billedBytes ?? 0,
        ':now': nowIso(),
        ...kept.values,
        ...('token' in claim
          ? { ':running': 'running', ':token': claim.token }
          : claim.from === 'queued'
            ? { ':queued': 'queued' }
            : { ':running': 'running', ':lease': claim.leaseUntil }),
      },
    },
  };
  const counters = (notLast: boolean) => ({
    Update: {
      TableName: tableName(),
      Key: crawlKey(message.accountId, message.crawlId),
      UpdateExpression: `ADD #counter :one, pending :minus, billed_bytes :billed${wasRunning ? ', running :minus' : ''}${scraped ? ', scraped :one' : wasRunning ? ', reserved :minus' : ''}${outcome.reason === 'unchanged' ? ', unchanged :one' : ''}`,
      ...(notLast ? { ConditionExpression: 'pending > :one' } : {}),
      ExpressionAttributeNames: { '#counter': outcome.status },
      ExpressionAttributeValues: { ':one': 1, ':minus': -1, ':billed': outcome.billedBytes ?? 0 },
    },
  });
  for (const notLast of [true, false]) {
    try {
      await transactWrite([
        item,
        counters(notLast),
        ...(wasRunning ? [hostReleaseWrite(message.crawlId, message.url)] : []),
        ...(delivery ? [outboxPut(delivery)] : []),
      ]);
      return notLast ? 'committed' : 'committed_last';
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      if (cancellationCode(error, 0) === 'ConditionalCheckFailed') return 'lost_claim';
      if (cancellationCode(error, 1) !== 'ConditionalCheckFailed') throw error;
    }
  }
  throw new Error('unreachable: the unconditioned counter update cannot fail its condition');
}
