import {
  type Admission,
  AdmissionRejected,
  admit,
  type BulkBatchMessage,
  DEFAULT_ESTIMATE_BYTES,
  untilSlotFreed,
} from '@webcapture/service';
import { endpointOf } from './batch-message';

/** How long a batch waits in the worker for a free bulk slot before going back to the queue. */
const SLOT_WAIT_MS = 5_000;

/**
 * One slot among bulk's share of the account's concurrency, waiting briefly when all are taken
 * (and no longer once `waiting.stop` is set).
 */
export function admitBatch(
  message: BulkBatchMessage,
  waiting: { stop: boolean },
): Promise<Admission | 'busy'> {
  return admitQueuedWork(
    {
      accountId: message.accountId,
      endpoint: endpointOf(message),
      estimateBytes: DEFAULT_ESTIMATE_BYTES * message.items.length,
    },
    waiting,
  );
}

/**
 * Queued work (a bulk batch, a crawl page) takes one of bulk's slots, like a batch: at most half
 * the account's concurrency, outside the per-second rate, waiting briefly for a free one (woken
 * early when this process frees one: untilSlotFreed).
 */
export async function admitQueuedWork(
  work: { accountId: string; endpoint: string; estimateBytes: number },
  waiting: { stop: boolean } = { stop: false },
): Promise<Admission | 'busy'> {
  const deadline = Date.now() + SLOT_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await admit({ ...work, bulk: true });
    } catch (error) {
      if (!(error instanceof AdmissionRejected) || error.code !== 'concurrency_limit') throw error;
      if (Date.now() > deadline || waiting.stop) return 'busy';
      // Backing off keeps waiting work from hammering the account's meter item; a slot freed in
      // this process (often by the same crawl's or bulk job's own work) ends the wait at once,
      // for one waiter, so the slot does not sit idle for the rest of a backoff.
      const backoffMs = Math.min(2000, 200 * 2 ** attempt) * (0.5 + Math.random() / 2);
      await untilSlotFreed(work.accountId, backoffMs);
    }
  }
}
