import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { nowIso } from '../ids';
import { claimJobRecord, type TakenJob, takenJob } from '../jobs/claims';
import { type SingleJobKind, sendSingleJobMessage, singleJobRecoveryKeys } from '../jobs/recovery';
import { readJobJson } from '../jobs/request-bodies';
import type { Admission } from '../metering';
import type { ScrapeError } from '../scrapes/records';
import { cancellationCode, transactWrite } from '../transactions';
import type { WebhookInput } from '../webhooks/deliveries';
import { dispatchOutbox, type OutboxDelivery, outboxDelivery, outboxPut } from '../webhooks/outbox';
import { type ScreenshotRecord, type ScreenshotResult, screenshotKey, toScreenshotRecord } from './records';

/** Screenshots handed to the screenshots worker, in the recovery sweep (jobs/recovery.ts). */
export const SCREENSHOT_JOB_RECOVERY: SingleJobKind = {
  kind: 'screenshot',
  waiting: 'pending',
  skPrefix: 'SHOT#',
  defaultQueue: 'screenshots',
};

/**
 * Hands a screenshot to the screenshots worker: the record goes (back) to pending with the
 * admission the worker settles, then the message is sent. From the synchronous route's entry in
 * the webhook sweep's index it moves to the recovery index, so a crash before the send, or a
 * worker lost with its message, leaves it for the recovery sweep to send again.
 */
export async function enqueueScreenshot(
  accountId: string,
  id: string,
  admission: Admission | undefined,
): Promise<void> {
  const recovery = singleJobRecoveryKeys('screenshot', id, Date.now());
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: screenshotKey(accountId, id),
      UpdateExpression:
        'SET #status = :pending, admission = :admission, recoveries = :zero, pending_pk = :recover, pending_due = :due REMOVE claim_until',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pending': 'pending',
        ':admission': admission ?? null,
        ':zero': 0,
        ':recover': recovery.pending_pk,
        ':due': recovery.pending_due,
      },
    }),
  );
  await sendSingleJobMessage('screenshots', accountId, id);
}

export interface ClaimedScreenshot {
  job: Record<string, unknown>;
  admission?: Admission;
}

/**
 * Moves a pending screenshot to processing. When another delivery of the same message already took
 * it (SQS is at-least-once), which keeps the worker idempotent, the answer says what it left
 * (TakenJob).
 */
export async function claimScreenshot(accountId: string, id: string): Promise<ClaimedScreenshot | TakenJob> {
  const claim = await claimJobRecord(screenshotKey(accountId, id), 'pending', {
    recoveryDue: (leaseEnd) => singleJobRecoveryKeys('screenshot', id, leaseEnd).pending_due,
  });
  if ('taken' in claim) return takenJob(claim.taken);
  const { claimed } = claim;
  return {
    job: (await readJobJson(claimed, 'job_json')) as Record<string, unknown>,
    admission: (claimed.admission as Admission | null) ?? undefined,
  };
}

type ScreenshotOutcome = { result: ScreenshotResult & { imageKey: string } } | { error: ScrapeError };

/** The webhook a finished screenshot sends: its payload is made from the record as it ends. */
export type ScreenshotWebhook = Omit<WebhookInput, 'accountId' | 'payload'> & {
  payload: (record: ScreenshotRecord) => unknown;
};

/**
 * Ends a screenshot: completed with its image's facts, or failed with the error. Its webhook
 * delivery, if any, is recorded in the same transaction and named in the record's outbox until
 * dispatchScreenshotOutbox queues it (webhooks/outbox.ts). Undefined when the screenshot had
 * already ended (a worker that took it over finished first); else the delivery recorded, if any.
 */
export async function finishScreenshot(
  accountId: string,
  id: string,
  outcome: ScreenshotOutcome,
  webhook?: ScreenshotWebhook,
): Promise<{ delivery?: OutboxDelivery } | undefined> {
  const done = 'result' in outcome;
  const fields = {
    status: done ? 'completed' : 'failed',
    completed_at: nowIso(),
    error: done ? null : outcome.error,
    final_url: done ? outcome.result.finalUrl : null,
    width: done ? outcome.result.width : null,
    height: done ? outcome.result.height : null,
    bytes: done ? outcome.result.bytes : null,
    image_key: done ? outcome.result.imageKey : null,
  };
  const delivery = webhook && (await screenshotDelivery(accountId, id, fields, webhook));
  const end = {
    Update: {
      TableName: tableName(),
      Key: screenshotKey(accountId, id),
      UpdateExpression: `SET #status = :status, completed_at = :now, #error = :error, final_url = :final, width = :w, height = :h, #bytes = :bytes, image_key = :key${delivery ? ', outbox = :outbox' : ''} REMOVE claim_until, pending_pk, pending_due`,
      ConditionExpression: '#status = :processing',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error', '#bytes': 'bytes' },
      ExpressionAttributeValues: {
        ':status': fields.status,
        ':now': fields.completed_at,
        ':error': fields.error,
        ':final': fields.final_url,
        ':w': fields.width,
        ':h': fields.height,
        ':bytes': fields.bytes,
        ':key': fields.image_key,
        ':processing': 'processing',
        ...(delivery ? { ':outbox': [delivery.id] } : {}),
      },
    },
  };
  try {
    await transactWrite([end, ...(delivery ? [outboxPut(delivery)] : [])]);
    return { delivery };
  } catch (error) {
    if (cancellationCode(error, 0) === 'ConditionalCheckFailed') return undefined;
    throw error;
  }
}

/** The delivery of `webhook`, its payload made from the record as `fields` end it. */
async function screenshotDelivery(
  accountId: string,
  id: string,
  fields: Record<string, unknown>,
  webhook: ScreenshotWebhook,
): Promise<OutboxDelivery> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: screenshotKey(accountId, id), ConsistentRead: true }),
  );
  const record = toScreenshotRecord(accountId, { ...Item, ...fields });
  const { payload, ...input } = webhook;
  return outboxDelivery({ ...input, accountId, payload: payload(record) });
}

/** Queues the deliveries a finished screenshot recorded (finishScreenshot), then clears its outbox. */
export async function dispatchScreenshotOutbox(accountId: string, id: string, ids: readonly string[]) {
  await dispatchOutbox(accountId, screenshotKey(accountId, id), ids);
}
