import { setTimeout as sleep } from 'node:timers/promises';

const RETRYABLE = new Set([
  'TransactionConflictException',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
]);

function isRetryable(error: unknown): boolean {
  const name = (error as Error)?.name;
  if (RETRYABLE.has(name)) return true;
  // A cancelled transaction whose only trouble is a conflict with another one is worth retrying.
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
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
