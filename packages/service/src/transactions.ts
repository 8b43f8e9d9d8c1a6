import { setTimeout as sleep } from 'node:timers/promises';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from './clients';

const RETRYABLE = new Set([
  'TransactionConflictException',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
]);

function reasonsOf(error: unknown): { Code?: string }[] | undefined {
  return (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
}

/** Why item `index` of a cancelled transaction failed, e.g. 'ConditionalCheckFailed'. */
export function cancellationCode(error: unknown, index: number): string | undefined {
  return reasonsOf(error)?.[index]?.Code;
}

function isRetryable(error: unknown): boolean {
  const name = (error as Error)?.name;
  if (RETRYABLE.has(name)) return true;
  // A cancelled transaction whose only trouble is a conflict with another one is worth retrying.
  const reasons = reasonsOf(error);
  return (
    name === 'TransactionCanceledException' &&
    !!reasons?.some((r) => r.Code === 'TransactionConflict') &&
    !reasons.some((r) => r.Code === 'ConditionalCheckFailed')
  );
}

/**
 * Transactions on a hot item (an account's counters) conflict with each other under load;
 * retry them with full-jitter exponential backoff.
 */
export async function withConflictRetry<T>(run: () => Promise<T>, attempts = 12): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await sleep(Math.random() * Math.min(1000, 10 * 2 ** attempt));
    }
  }
}

/** One TransactWriteItems, retried while it only conflicts with other transactions. */
export async function transactWrite(items: TransactWriteCommandInput['TransactItems']): Promise<void> {
  await withConflictRetry(() => dynamoClient().send(new TransactWriteCommand({ TransactItems: items })));
}

/** A single write refused by its ConditionExpression (DynamoDB's ConditionalCheckFailedException). */
export function isConditionFailed(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'ConditionalCheckFailedException';
}
