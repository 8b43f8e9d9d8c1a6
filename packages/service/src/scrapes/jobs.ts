import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from '../clients';
import { queueUrl } from '../config';
import { claimJobRecord, type TakenJob, takenJob } from '../jobs/claims';
import { endClaimedJob } from '../jobs/end-claimed-job';
import { readJobJson, storedJobJson } from '../jobs/request-bodies';
import type { Admission } from '../metering';
import { dispatchOutbox, type OutboxDelivery } from '../webhooks/outbox';
import { putScrapeRecord, putScrapeResult, type ScrapeError, scrapeKey } from './records';

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
  queue: 'scrape-jobs' | 'scrape-render' = 'scrape-jobs',
) {
  await recordScrapeJob(accountId, id, request, admission);
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(queue),
      MessageBody: JSON.stringify({ accountId, id }),
    }),
  );
}

/** The queued job's record, as enqueueScrapeJob writes it before queueing its message. */
export async function recordScrapeJob(
  accountId: string,
  id: string,
  request: { url: string } & Record<string, unknown>,
  admission: Admission | undefined,
) {
  await putScrapeRecord(accountId, id, {
    url: request.url,
    status: 'queued',
    completed_at: null,
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
  const claim = await claimJobRecord(scrapeKey(accountId, id), 'queued');
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
  return endClaimedJob(scrapeKey(accountId, id), status, { error }, delivery);
}

/** Queues the deliveries a finished job recorded (finishScrapeJob), then clears its outbox. */
export async function dispatchScrapeOutbox(accountId: string, id: string, ids: readonly string[]) {
  await dispatchOutbox(accountId, scrapeKey(accountId, id), ids);
}
