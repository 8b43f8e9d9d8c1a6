import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Calls `probe` until `done` accepts its answer, and returns that answer: for state that becomes
 * true eventually (a cache expiring, a lease running out), without asserting how long it takes.
 */
export async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  { timeoutMs = 30_000, intervalMs = 200 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    }
    await sleep(intervalMs);
  }
}
