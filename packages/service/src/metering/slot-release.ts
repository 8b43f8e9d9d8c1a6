/**
 * Slots freed in this process, for queued work waiting for one (bulk batches, crawl pages: the
 * jobs' admitQueuedWork). A freed slot wakes the account's longest waiter at once instead of
 * leaving the slot idle until that waiter's backoff ends; a slot freed in another process is
 * still found by the waiter's next try after its backoff. Only a hint: the waiter's admission
 * still goes through admit()'s conditional write, so the limits stay exact.
 */
const waiters = new Map<string, Array<() => void>>();

/** After an admission of `accountId` ended (settled, rolled back): wakes one waiter, the oldest. */
export function announceSlotFreed(accountId: string): void {
  const queue = waiters.get(accountId);
  const wake = queue?.shift();
  if (queue && queue.length === 0) waiters.delete(accountId);
  wake?.();
}

/** Resolves when a slot of `accountId` is freed in this process, or after `timeoutMs` at the latest. */
export function untilSlotFreed(accountId: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const queue = waiters.get(accountId) ?? [];
    waiters.set(accountId, queue);
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      const left = waiters.get(accountId)?.filter((waiter) => waiter !== wake) ?? [];
      if (left.length) waiters.set(accountId, left);
      else waiters.delete(accountId);
      resolve();
    }, timeoutMs);
    queue.push(wake);
  });
}
