import { claimJobRecord, type TakenJob, takenJob } from '../jobs/claims';
import { endClaimedJob } from '../jobs/end-claimed-job';
import { type SingleJobKind, sendSingleJobMessage, singleJobRecoveryKeys } from '../jobs/recovery';
import { readJobJson, storedJobJson } from '../jobs/request-bodies';
import type { Admission } from '../metering';
import { dispatchOutbox, type OutboxDelivery } from '../webhooks/outbox';
import { putScrapeRecord, putScrapeResult, type ScrapeError, scrapeKey } from './records';

/** The queues async scrapes go to: the fast path, or Chromium for scrapes that need a browser. */
export type ScrapeJobQueue = 'scrape-jobs' | 'scrape-render';

/** Async scrapes in the recovery sweep (jobs/recovery.ts). */
export const SCRAPE_JOB_RECOVERY: SingleJobKind = {
  kind: 'scrape',
  waiting: 'queued',
  skPrefix: 'SCRAPE#',
  defaultQueue: 'scrape-jobs',
};

/**
 * Records an asynchronous scrape and queues it; the queue's worker (scrape-jobs, or scrape-render
 * for scrapes that need a browser) picks it up and settles (or rolls back) the admission the
 * request was given, whose slot stays held until then.
 */
export async function enqueueScrapeJob(
  accountId: string,
  id: string,
  request: { url: string } & Record<string, unknown>,
  admission: Admission | undefined,
  queue: ScrapeJobQueue = 'scrape-jobs',
) {
  await recordScrapeJob(accountId, id, request, admission, queue);
  await sendSingleJobMessage(queue, accountId, id);
}

/**
 * The queued job's record, as enqueueScrapeJob writes it before queueing its message. It stands in
 * the recovery index until it ends: a crash before the send, or a worker lost with its message,
 * leaves it there for the recovery sweep to send again.
 */
export async function recordScrapeJob(
  accountId: string,
  id: string,
  request: { url: string } & Record<string, unknown>,
  admission: Admission | undefined,
  queue: ScrapeJobQueue = 'scrape-jobs',
) {
  await putScrapeRecord(accountId, id, {
    url: request.url,
    status: 'queued',
    completed_at: null,
    queue,
    recoveries: 0,
    ...singleJobRecoveryKeys('scrape', id, Date.now()),
    // As JSON text, not a DynamoDB map: the caller's `custom` may hold what a map cannot store
    // (1e20, integers past 2^53, nesting deeper than 32), and must come back exactly as parsed.
    // A large one (many cookies) in S3 instead: an item holds 400 KB at most.
    ...(await storedJobJson('request_json', accountId, id, request)),
    admission,
  });
}

/**
 * Moves a queued job to processing and returns its request. When another delivery of the same
 * message already took it (SQS is at-least-once), which keeps the worker idempotent, the answer
 * says what it left (TakenJob).
 */
export async function claimScrapeJob(
  accountId: string,
  id: string,
): Promise<{ request: Record<string, unknown>; admission?: Admission } | TakenJob> {
  const claim = await claimJobRecord(scrapeKey(accountId, id), 'queued', {
    recoveryDue: (leaseEnd) => singleJobRecoveryKeys('scrape', id, leaseEnd).pending_due,
  });
  if ('taken' in claim) return takenJob(claim.taken);
  const { claimed } = claim;
  // `request` (a map) is how jobs queued before request_json were stored.
  const request = (await readJobJson(claimed, 'request_json')) ?? claimed.request;
  return { request: request as Record<string, unknown>, admission: claimed.admission as Admission };
}

/**
 * Ends a claimed job as completed or failed, its webhook delivery recorded with the outcome
 * (endClaimedJob). False when the job had already ended: that outcome stands.
 */
export async function finishScrapeJob(
  accountId: string,
  id: string,
  outcome: { envelope: unknown } | { error: ScrapeError },
  delivery?: OutboxDelivery,
): Promise<boolean> {
  if ('envelope' in outcome) await putScrapeResult(accountId, id, outcome.envelope);
  const status = 'envelope' in outcome ? 'completed' : 'failed';
  const error = 'error' in outcome ? outcome.error : null;
  return endClaimedJob(scrapeKey(accountId, id), status, { error }, delivery, ['pending_pk', 'pending_due']);
}

/** Queues the deliveries a finished job recorded (finishScrapeJob), then clears its outbox. */
export async function dispatchScrapeOutbox(accountId: string, id: string, ids: readonly string[]) {
  await dispatchOutbox(accountId, scrapeKey(accountId, id), ids);
}
