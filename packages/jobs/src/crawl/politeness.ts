import { setTimeout as sleep } from 'node:timers/promises';
import { type HostSlot, releaseHostSlot, takeHostSlot, takeHostTurn } from '@webcapture/service';

/** How long a claimed page waits in the worker for its host; past it the claim goes back to the queue. */
const HOST_WAIT_MS = 15_000;

/**
 * A slot among the host's `max_concurrency` and, with an interval (delay_ms or Crawl-delay), the
 * host's next turn. Either the slot (release it after the fetch) or how long to wait before trying
 * again in a new message, having taken nothing.
 */
export async function waitForHost(
  crawlId: string,
  host: string,
  politeness: { maxConcurrency: number; intervalMs: number; token: string; leaseMs: number },
): Promise<{ slot: HostSlot } | { retryAfterMs: number }> {
  const deadline = Date.now() + HOST_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    const slot = await takeHostSlot(
      crawlId,
      host,
      politeness.maxConcurrency,
      politeness.token,
      politeness.leaseMs,
    );
    let waitMs = 0;
    if (slot) {
      waitMs = politeness.intervalMs > 0 ? await takeHostTurn(crawlId, host, politeness.intervalMs) : 0;
      if (waitMs === 0) return { slot };
      await releaseHostSlot(slot);
    } else {
      waitMs = Math.min(1000, 50 * 2 ** attempt) * (0.5 + Math.random() / 2);
    }
    if (Date.now() + waitMs > deadline) return { retryAfterMs: Math.max(1000, waitMs) };
    await sleep(waitMs);
  }
}
