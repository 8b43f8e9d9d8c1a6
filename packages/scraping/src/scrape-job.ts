import { ApiError } from '@webcapture/errors';
import {
  answerTaken,
  claimScrapeJob,
  deadLetterError,
  dispatchScrapeOutbox,
  finishScrapeJob,
  type OutboxDelivery,
  outboxDelivery,
  type ScrapeError,
  workUnderAdmission,
} from '@webcapture/service';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { CacheStatus } from './obtain-capture';
import { type ScrapeEnvelope, scrapePage } from './scrape';
import { scrapeBilling } from './scrape-billing';
import { needsRendering, type ScrapeRequestFields, scrapeOptions } from './scrape-request';

/** Webhook bodies carry the envelope while it stays small; larger results are fetched by id. */
const INLINE_RESULT_MAX_BYTES = 200 * 1024;

/** How a queue's jobs are captured: the fast path, or the browser (scraping/rendered). */
export type JobCapture = (
  request: ScrapeRequestFields,
  scrapeId: string,
) => Promise<{ envelope: ScrapeEnvelope; cache: CacheStatus }>;

/** Async jobs without rendering options. */
export const fastPathCapture: JobCapture = (request, scrapeId) => {
  if (needsRendering(request)) {
    // POST /v1/scrape queues these on scrape-render; only a message from an older release lands here.
    throw new ApiError(
      'internal_error',
      'This scrape needs a browser and was queued for the fast path; send it again.',
      {
        details: { reason: 'wrong_queue' },
      },
    );
  }
  // cache_ttl is honoured on the synchronous path only: an async scrape always goes to the origin.
  return scrapePage(scrapeOptions({ ...request, cache_ttl: 0 }, scrapeId));
};

/** An SQS handler running one job per message; a job that throws comes back after the visibility timeout, then goes to the DLQ. */
export function scrapeJobHandler(capture: JobCapture) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        await runScrapeJob(JSON.parse(record.body), capture);
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', messageId: record.messageId, error: String(error) }));
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}

/** Test seams: `afterCommit` runs between the job's commit and the sending of its webhook. */
export interface JobHooks {
  afterCommit?: () => unknown;
}

/**
 * Runs one queued scrape. Claiming the job first makes a redelivered message a no-op, so the
 * worker is idempotent; capture failures end the job as failed rather than retrying forever.
 * The webhook is recorded with the outcome (one transaction) and queued after it: a message that
 * comes back because the worker died in between finds the job done and queues what it left.
 */
export async function runScrapeJob(
  message: { accountId: string; id: string },
  capture: JobCapture = fastPathCapture,
  hooks: JobHooks = {},
): Promise<'done' | 'held'> {
  const job = await claimScrapeJob(message.accountId, message.id);
  if ('unsent' in job) {
    return answerTaken(job, (ids) => dispatchScrapeOutbox(message.accountId, message.id, ids));
  }
  const request = job.request as unknown as ScrapeRequestFields;
  const run = await workUnderAdmission(
    job.admission,
    () => capture(request, message.id),
    ({ envelope, cache }) => scrapeBilling(request, envelope, cache),
    'scrape',
  );
  const outcome = 'done' in run ? { envelope: run.done.envelope } : run;
  const delivery = webhookDelivery(message, request, outcome);
  if (!(await finishScrapeJob(message.accountId, message.id, outcome, delivery))) return 'done';
  await hooks.afterCommit?.();
  if (delivery) await dispatchScrapeOutbox(message.accountId, message.id, [delivery.id]);
  return 'done';
}

/**
 * The dead-letter worker of the scrape queues: a job whose message was dead-lettered (its workers
 * died on every receive) ends as failed, its admission rolled back, its scrape.failed webhook
 * sent. One still held by a live lease throws, so its message comes back once the lease is over.
 */
export async function failDeadScrapeJob(message: { accountId: string; id: string }): Promise<void> {
  const died: JobCapture = () => Promise.reject(deadLetterError());
  if ((await runScrapeJob(message, died)) === 'held') {
    throw new Error(`scrape ${message.id} is still held by a live worker`);
  }
}

/** The scrape.completed or scrape.failed delivery the request asked for, if any. */
function webhookDelivery(
  message: { accountId: string; id: string },
  request: ScrapeRequestFields,
  outcome: { envelope: unknown } | { error: ScrapeError },
): OutboxDelivery | undefined {
  const completed = 'envelope' in outcome;
  if (!request.webhook_url || !request.events.includes(completed ? 'completed' : 'failed')) return undefined;
  const inline = completed && Buffer.byteLength(JSON.stringify(outcome.envelope)) <= INLINE_RESULT_MAX_BYTES;
  return outboxDelivery({
    accountId: message.accountId,
    url: request.webhook_url,
    event: completed ? 'scrape.completed' : 'scrape.failed',
    payload: {
      id: message.id,
      status: completed ? 'completed' : 'failed',
      url: request.url,
      result_url: `/v1/scrape/${message.id}`,
      ...(inline ? { data: outcome.envelope } : {}),
      ...('error' in outcome ? { error: outcome.error } : {}),
      custom: request.custom,
    },
  });
}
