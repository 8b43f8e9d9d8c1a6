import { jobError } from '@webcapture/scraping';
import { type Admission, type BillingRecord, rollback, type ScrapeError, settle } from '@webcapture/service';

/*
 * What the scrape and screenshot queue workers do alike around their own capture: answering a
 * claim that found the job taken, and running the claimed job under its admission.
 */

/**
 * A worker whose claim found the job taken sends what the finished job's outbox still holds
 * (`send`). A job held by a live worker answers 'held': that worker's own message comes back if it
 * dies, so this copy is not needed.
 */
export async function answerTaken(
  taken: { unsent: string[]; held: boolean },
  send: (deliveryIds: string[]) => Promise<void>,
): Promise<'done' | 'held'> {
  await send(taken.unsent);
  return taken.held ? 'held' : 'done';
}

/**
 * Runs a claimed job's work and settles its admission with what the work cost. Settling may
 * refuse with 402 quota_exceeded (and roll back): the job then fails, costing nothing, as it does
 * when the work throws.
 */
export async function workUnderAdmission<T>(
  admission: Admission | undefined,
  work: () => Promise<T>,
  billing: (done: T) => BillingRecord,
  kind: 'scrape' | 'screenshot' | 'sitemap',
): Promise<{ done: T } | { error: ScrapeError }> {
  try {
    const done = await work();
    if (admission) await settle(admission, billing(done));
    return { done };
  } catch (error) {
    if (admission) await rollback(admission);
    return { error: jobError(error, kind) };
  }
}

/** Webhook bodies carry a job's result while it stays small; larger results are fetched by id. */
const INLINE_RESULT_MAX_BYTES = 200 * 1024;

/** `{data: result}` when the result is at most INLINE_RESULT_MAX_BYTES as JSON, else nothing. */
export function inlinedResult(result: unknown): { data?: unknown } {
  return Buffer.byteLength(JSON.stringify(result)) <= INLINE_RESULT_MAX_BYTES ? { data: result } : {};
}
