import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from '../clients';
import { queueUrl, tableName } from '../config';
import { nowIso } from '../ids';
import { claimJobRecord, type TakenJob, takenJob } from '../jobs/claims';
import { readJobJson, storedJobJson } from '../jobs/request-bodies';
import type { Admission } from '../metering';
import { cancellationCode, transactWrite } from '../transactions';
import { dispatchOutbox, type OutboxDelivery, outboxPut } from '../webhooks/outbox';
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
 * Ends a claimed job as completed or failed. Its webhook delivery, if any, is recorded in the same
 * transaction and named in the record's outbox until dispatchScrapeOutbox queues it, so a worker
 * killed in between loses nothing (webhooks/outbox.ts). False when the job had already ended (a
 * worker that took it over finished first): then nothing is written and that outcome stands.
 */
export async function finishScrapeJob(
  accountId: string,
  id: string,
  outcome: { envelope: unknown } | { error: ScrapeError },
  delivery?: OutboxDelivery,
): Promise<boolean> {
  if ('envelope' in outcome) await putScrapeResult(accountId, id, outcome.envelope);
  const end = {
    Update: {
      TableName: tableName(),
      Key: scrapeKey(accountId, id),
      UpdateExpression: `SET #status = :status, completed_at = :now, #error = :error${delivery ? ', outbox = :outbox' : ''} REMOVE claim_until`,
      ConditionExpression: '#status = :processing',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: {
        ':status': 'envelope' in outcome ? 'completed' : 'failed',
        ':now': nowIso(),
        ':error': 'error' in outcome ? outcome.error : null,
        ':processing': 'processing',
        ...(delivery ? { ':outbox': [delivery.id] } : {}),
      },
    },
  };
  try {
    await transactWrite([end, ...(delivery ? [outboxPut(delivery)] : [])]);
    return true;
  } catch (error) {
    if (cancellationCode(error, 0) === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** Queues the deliveries a finished job recorded (finishScrapeJob), then clears its outbox. */
export async function dispatchScrapeOutbox(accountId: string, id: string, ids: readonly string[]) {
  await dispatchOutbox(accountId, scrapeKey(accountId, id), ids);
}
