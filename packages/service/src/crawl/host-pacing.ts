import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { oldItemOf } from '../metering/meter';
import { isConditionFailed } from '../transactions';
import { crawlClaimKey, crawlExpiry } from './records';

/**
 * Per-host politeness of one crawl, without a global lock: `max_concurrency` slot items per host,
 * each taken with a conditional put and a lease (a worker that dies frees its slot when the lease
 * ends), and one turn item per host whose `next_at` spaces requests by the interval (delay_ms or
 * the site's Crawl-delay) — a conditional write hands out each turn once.
 */

export interface HostSlot {
  key: Record<string, string>;
  token: string;
}

/** Takes a free slot of `host`, trying them from a random one; undefined when all are held. */
export async function takeHostSlot(
  crawlId: string,
  host: string,
  maxConcurrency: number,
  token: string,
  leaseMs: number,
  now: number = Date.now(),
): Promise<HostSlot | undefined> {
  const first = Math.floor(Math.random() * maxConcurrency);
  for (let i = 0; i < maxConcurrency; i++) {
    const key = crawlClaimKey(crawlId, 'HOST', `${host}#${(first + i) % maxConcurrency}`);
    try {
      await dynamoClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...key,
            type: 'crawl_host_slot',
            claim: token,
            lease_until: now + leaseMs,
            expiresAt: crawlExpiry(now),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR lease_until < :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return { key, token };
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  return undefined;
}

/** Frees a slot this worker holds (a lease already taken over stays with its new holder). */
export async function releaseHostSlot(slot: HostSlot): Promise<void> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: slot.key,
        UpdateExpression: 'SET lease_until = :zero',
        ConditionExpression: 'claim = :token',
        ExpressionAttributeValues: { ':zero': 0, ':token': slot.token },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * Takes the host's next turn when it is due: 0, and the next turn moves `intervalMs` on. When the
 * turn is not due yet, answers how many ms until it is (nothing taken).
 */
export async function takeHostTurn(
  crawlId: string,
  host: string,
  intervalMs: number,
  now: number = Date.now(),
): Promise<number> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: crawlClaimKey(crawlId, 'TURN', host),
        UpdateExpression: 'SET next_at = :next, expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(next_at) OR next_at <= :now',
        ExpressionAttributeValues: { ':next': now + intervalMs, ':now': now, ':expires': crawlExpiry(now) },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 0;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const nextAt = Number(oldItemOf(error)?.next_at ?? now + intervalMs);
    return Math.max(1, nextAt - now);
  }
}
