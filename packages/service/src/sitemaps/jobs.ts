import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, sqsClient } from '../clients';
import { queueUrl, tableName } from '../config';
import { nowIso } from '../ids';
import { claimJobRecord, JOB_CLAIM_LEASE_MS, type TakenJob, takenJob } from '../jobs/claims';
import { endClaimedJob } from '../jobs/end-claimed-job';
import type { Admission } from '../metering';
import { oldItemOf } from '../metering/meter';
import type { ScrapeError } from '../scrapes';
import { isConditionFailed } from '../transactions';
import { pendingIndexKeys } from '../webhooks/deliveries';
import { dispatchOutbox, type OutboxDelivery } from '../webhooks/outbox';
import { SITEMAP_JOB_RETENTION_SECONDS, type SitemapSummary, sitemapJobKey } from './records';

/** The queue that runs sitemap jobs (queues.ts). */
export const SITEMAP_QUEUE = 'sitemap-jobs';

/**
 * Times the recovery sweep re-queues a job found without a live worker or message, before it
 * ends it as failed the way the dead-letter worker does.
 */
export const SITEMAP_MAX_RECOVERIES = 3;

/**
 * Records a sitemap job and queues its message. The record stands in the sweep's pending index
 * (webhooks/sweep.ts) until it ends, due when a first worker's lease would have run out: one still
 * there well after that lost its message or its worker, and the sweep re-queues it
 * (requeueAbandonedSitemapJob).
 */
export async function enqueueSitemapJob(
  accountId: string,
  id: string,
  request: { url: string; custom: Record<string, unknown> } & Record<string, unknown>,
  admission: Admission | undefined,
): Promise<void> {
  await recordSitemapJob(accountId, id, request, admission);
  await sendSitemapMessage(accountId, id);
}

/** The queued job's record, as enqueueSitemapJob writes it before queueing its message. */
export async function recordSitemapJob(
  accountId: string,
  id: string,
  request: { url: string; custom: Record<string, unknown> } & Record<string, unknown>,
  admission: Admission | undefined,
): Promise<void> {
  const now = Date.now();
  await dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...sitemapJobKey(accountId, id),
        ...pendingIndexKeys(id, nowIso(new Date(now + JOB_CLAIM_LEASE_MS))),
        type: 'sitemap_job',
        id,
        url: request.url,
        status: 'queued',
        created_at: nowIso(new Date(now)),
        completed_at: null,
        error: null,
        summary: null,
        recoveries: 0,
        // As JSON text, as queued scrapes do: `custom` may hold what a DynamoDB map cannot store.
        request_json: JSON.stringify(request),
        custom_json: JSON.stringify(request.custom),
        admission,
        expiresAt: Math.floor(now / 1000) + SITEMAP_JOB_RETENTION_SECONDS,
      },
    }),
  );
}

async function sendSitemapMessage(accountId: string, id: string): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(SITEMAP_QUEUE),
      MessageBody: JSON.stringify({ accountId, id }),
    }),
  );
}

/**
 * Moves a queued job (or one whose worker's lease ran out) to processing and returns its request;
 * another delivery of the same message finds it taken (TakenJob), which keeps the worker idempotent.
 */
export async function claimSitemapJob(
  accountId: string,
  id: string,
): Promise<{ request: Record<string, unknown>; admission?: Admission } | TakenJob> {
  const claim = await claimJobRecord(sitemapJobKey(accountId, id), 'queued');
  if ('taken' in claim) return takenJob(claim.taken);
  return {
    request: JSON.parse(claim.claimed.request_json as string) as Record<string, unknown>,
    admission: claim.claimed.admission as Admission | undefined,
  };
}

/**
 * Ends a claimed job with its summary or its error, its webhook recorded with it, and takes it out
 * of the sweep's index. False when another worker ended it first.
 */
export function finishSitemapJob(
  accountId: string,
  id: string,
  outcome: { summary: SitemapSummary } | { error: ScrapeError },
  delivery?: OutboxDelivery,
): Promise<boolean> {
  const status = 'summary' in outcome ? 'completed' : 'failed';
  const fields = 'summary' in outcome ? { summary: outcome.summary } : { error: outcome.error };
  return endClaimedJob(sitemapJobKey(accountId, id), status, fields, delivery, ['pending_pk', 'pending_due']);
}

/** Queues the delivery a finished job recorded (finishSitemapJob), then clears its outbox. */
export async function dispatchSitemapOutbox(accountId: string, id: string, ids: readonly string[]) {
  await dispatchOutbox(accountId, sitemapJobKey(accountId, id), ids);
}

/**
 * The sweep's step for a job still in the pending index well after it was due: `requeued` (a new
 * message, counted) when it is queued or its worker's lease ran out, `alive` while a worker's lease
 * lasts, `exhausted` once SITEMAP_MAX_RECOVERIES re-queues did not end it (the caller fails it),
 * `ended` when it is gone or finished.
 */
export async function requeueAbandonedSitemapJob(
  accountId: string,
  id: string,
  now = Date.now(),
): Promise<'requeued' | 'alive' | 'exhausted' | 'ended'> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sitemapJobKey(accountId, id),
        UpdateExpression: 'SET recoveries = recoveries + :one, pending_due = :due',
        // The invariant: a job is re-queued only while nobody holds it, at most MAX times.
        ConditionExpression:
          '(#status = :queued OR (#status = :processing AND claim_until < :now)) AND recoveries < :max',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':due': nowIso(new Date(now + JOB_CLAIM_LEASE_MS)),
          ':queued': 'queued',
          ':processing': 'processing',
          ':now': now,
          ':max': SITEMAP_MAX_RECOVERIES,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const old = oldItemOf(error) as Record<string, unknown> | undefined;
    if (!old || (old.status !== 'queued' && old.status !== 'processing')) return 'ended';
    if (old.status === 'processing' && (old.claim_until as number) >= now) return 'alive';
    return 'exhausted';
  }
  await sendSitemapMessage(accountId, id);
  return 'requeued';
}
