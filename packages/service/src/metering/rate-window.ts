import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import type { RateState } from './admission';
import { accountLimits } from './entitlement';
import { meterKey, numberAt, rateAttr } from './meter';

/**
 * The account's current one-second window without taking from it: what X-RateLimit-* report on
 * responses that are not rate-limited themselves (account, keys, usage, refusals before
 * admission). One projected GetItem, beside the cached account.
 */
export async function peekRate(accountId: string, now: Date = new Date()): Promise<RateState> {
  const second = Math.floor(now.getTime() / 1000);
  const attribute = rateAttr(second);
  const [limits, meter] = await Promise.all([
    accountLimits(accountId),
    dynamoClient().send(
      new GetCommand({
        TableName: tableName(),
        Key: meterKey(accountId),
        ProjectionExpression: '#r',
        ExpressionAttributeNames: { '#r': attribute },
      }),
    ),
  ]);
  const limit = limits.requests_per_second;
  return {
    limit,
    remaining: Math.max(0, limit - numberAt(meter.Item, attribute)),
    resetEpochSeconds: second + 1,
  };
}
