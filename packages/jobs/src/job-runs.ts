import { jobError } from '@webcapture/scraping';
import {
  type Admission,
  type BillingRecord,
  type OutboxDelivery,
  outboxDelivery,
  publicUrl,
  rollback,
  type ScrapeError,
  settle,
  type WebhookEvent,
} from '@webcapture/service';

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

/** What a single job's webhook needs of its request: where to, which outcomes, the echoed custom. */
export interface JobWebhookRequest {
  url: string;
  webhook_url?: string;
  events?: readonly string[];
  custom: Record<string, unknown>;
}

/**
 * The `<kind>.completed` or `<kind>.failed` delivery of a single job (a scrape, a sitemap job) when
 * its request asked for it (`events`, default both): `{id, status, url, result_url, ...outcome,
 * custom}`, where `outcome` carries the result's fields or `error`.
 */
export function jobWebhookDelivery(
  message: { accountId: string; id: string },
  request: JobWebhookRequest,
  kind: 'scrape' | 'sitemap',
  outcome: { completed: Record<string, unknown> } | { error: ScrapeError },
): OutboxDelivery | undefined {
  const status = 'completed' in outcome ? 'completed' : 'failed';
  if (!request.webhook_url || !(request.events ?? ['completed', 'failed']).includes(status)) return undefined;
  return outboxDelivery({
    accountId: message.accountId,
    url: request.webhook_url,
    event: `${kind}.${status}` as WebhookEvent,
    payload: {
      id: message.id,
      status,
      url: request.url,
      result_url: publicUrl(`/v1/${kind}/${message.id}`),
      ...('completed' in outcome ? outcome.completed : { error: outcome.error }),
      custom: request.custom,
    },
  });
}
