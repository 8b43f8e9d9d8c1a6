import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Admission,
  type CrawlPageMessage,
  claimCrawlPage,
  type HostPacing,
  type PageClaim,
} from '@webcapture/service';

/** How long a page waits in the worker for its host; past it the message goes back to the queue. */
const HOST_WAIT_MS = 15_000;

/**
 * Claims the page with a place among its host's `max_concurrency` and, with an interval (delay_ms
 * or Crawl-delay), the host's turn (claimCrawlPage), waiting while the host is busy: until its
 * next turn, or with a growing backoff while its places are taken. Past HOST_WAIT_MS, how long
 * the message should wait in the queue instead, having taken nothing.
 */
export async function claimWhenHostFree(
  message: CrawlPageMessage,
  claimant: { token: string; leaseMs: number; admission: Admission | undefined },
  pacing: HostPacing,
): Promise<PageClaim | { retryAfterMs: number }> {
  const deadline = Date.now() + HOST_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    const claim = await claimCrawlPage(
      message,
      claimant.token,
      now + claimant.leaseMs,
      claimant.admission,
      pacing,
      now,
    );
    if (claim.kind !== 'host_busy') return claim;
    const waitMs = claim.waitMs ?? Math.min(1000, 50 * 2 ** attempt) * (0.5 + Math.random() / 2);
    if (Date.now() + waitMs > deadline) return { retryAfterMs: Math.max(1000, waitMs) };
    await sleep(waitMs);
  }
}
