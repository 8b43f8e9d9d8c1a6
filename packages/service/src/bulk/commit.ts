import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import type { ObjectPart } from '../content-urls';
import { nowIso } from '../ids';
import type { Admission } from '../metering';
import { bucketAttrs, meterKey } from '../metering/meter';
import { addUsage, chargeMeter, endMarker, type UsageCharge } from '../metering/settle';
import { cancellationCode, transactWrite } from '../transactions';
import { type OutboxDelivery, outboxPut } from '../webhooks/outbox';
import { type BulkBatchMessage, type BulkItemError, batchKey, jobKey } from './records';

/** What one item ended as; `charge` is what it bills (absent: nothing). */
export interface BulkItemOutcome {
  index: number;
  status: 'completed' | 'failed';
  upstreamStatus: number | null;
  contentType: string | null;
  contentLength: number | null;
  resultKey: string | null;
  /** Where in resultKey's object (its batch's pack) the item's bytes are, with their content type. */
  resultPart?: ObjectPart;
  error: BulkItemError | null;
  charge?: { endpoint: string; rawBytes: number; billableBytes: number };
}

/**
 * committed: recorded, and other items of the job were still pending then (the job cannot have
 * ended); committed_last: recorded, and the job's items may all be done now: check its end.
 */
export type CommitResult = 'committed' | 'committed_last' | 'lost_claim' | 'quota_exceeded';

/**
 * Writes a batch's outcomes, its charge and its usage rows in one transaction, conditioned on
 * every item still being claimed by `token` and (with a held slot) on the admission's lease: all
 * or nothing, so a batch is billed exactly when its items are recorded. When the charge no longer
 * fits in the month's quota, nothing is written ('quota_exceeded'); when another worker took an
 * item over, nothing is written either ('lost_claim') and that worker's outcome stands.
 * `deliveries` (the items' webhook deliveries) are recorded in the same transaction and their ids
 * kept in the batch's outbox until they are queued (outbox.ts).
 *
 * The job's counter update is first conditioned on other items still pending after this batch, so
 * the usual batch learns from its commit that the job cannot end yet and skips the end-of-job
 * check. Only when that condition fails is the commit sent again without it ('committed_last').
 * The commit that brings `pending` to zero can never be the conditioned one, so exactly the batch
 * that may have ended the job checks it, however many batches commit at once.
 */
export async function commitBulkBatch(
  message: BulkBatchMessage,
  token: string,
  outcomes: BulkItemOutcome[],
  admission: Admission | undefined,
  deliveries: readonly OutboxDelivery[] = [],
): Promise<CommitResult> {
  if (!outcomes.length) return 'committed_last';
  const now = nowIso();
  const charged = outcomes.filter((outcome) => outcome.charge && outcome.charge.billableBytes >= 0);
  const sum = charged.reduce((total, outcome) => total + (outcome.charge?.billableBytes ?? 0), 0);
  const urls = new Map(message.items.map((item) => [item.index, item.url]));
  // The items' outcomes live in their batch's record (one write, not one per item).
  const records = outcomes.map((outcome) => ({
    index: outcome.index,
    url: urls.get(outcome.index),
    status: outcome.status,
    completed_at: now,
    upstream_status: outcome.upstreamStatus,
    content_type: outcome.contentType,
    content_length: outcome.contentLength,
    result_key: outcome.resultKey,
    ...(outcome.resultPart ? { result_part: outcome.resultPart } : {}),
    error: outcome.error,
    billed_bytes: outcome.charge?.billableBytes ?? 0,
  }));
  // The claim guards the whole commit: only the holder of a live claim can write the items.
  const batch = {
    Update: {
      TableName: tableName(),
      Key: batchKey(message.jobId, message.batch),
      UpdateExpression: `SET #status = :done, outcomes = :outcomes${deliveries.length ? ', outbox = :outbox' : ''} REMOVE claim, lease_until, pending_pk, pending_due`,
      ConditionExpression: '#status = :running AND claim = :token',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':done': 'done',
        ':outcomes': records,
        ':running': 'running',
        ':token': token,
        ...(deliveries.length ? { ':outbox': deliveries.map((delivery) => delivery.id) } : {}),
      },
    },
  };
  // The outbox: each delivery exists exactly when its item's outcome does.
  const outbox = deliveries.map(outboxPut);
  const completed = outcomes.filter((outcome) => outcome.status === 'completed').length;
  const jobUpdate = (notLast: boolean) => ({
    Update: {
      TableName: tableName(),
      Key: jobKey(message.accountId, message.jobId),
      UpdateExpression: 'ADD completed :c, failed :f, pending :p, billed_bytes :b',
      ...(notLast ? { ConditionExpression: 'pending > :n' } : {}),
      ExpressionAttributeValues: {
        ':c': completed,
        ':f': outcomes.length - completed,
        ':p': -outcomes.length,
        ':b': sum,
        ...(notLast ? { ':n': outcomes.length } : {}),
      },
    },
  });
  let notLast = true;
  for (const leaseHeld of admission ? [true, false] : [false]) {
    // Settle's meter write for the batch's items at once, releasing the batch's slot.
    const meter = admission
      ? chargeMeter(
          admission,
          { billableBytes: sum, requests: charged.length, creditsCharged: 0 },
          admission.monthlyQuotaBytes - sum,
          leaseHeld,
        )
      : undefined;
    // The admission's end marker, as settle writes it: a rollback after this commit (its answer
    // lost, the retry refused as lost_claim) then releases nothing twice.
    const ended = admission ? [endMarker(admission, 'settled')] : [];
    const usage = admission ? usageWrites(admission, charged) : [];
    for (;;) {
      const job = jobUpdate(notLast);
      const writes = [...(meter ? [meter] : []), ...ended, ...usage, job, batch, ...outbox];
      try {
        await transactWrite(writes);
        return notLast ? 'committed' : 'committed_last';
      } catch (error) {
        if ((error as Error).name !== 'TransactionCanceledException') throw error;
        if (cancellationCode(error, writes.indexOf(batch)) === 'ConditionalCheckFailed') return 'lost_claim';
        // The admission already ended (rolled back): its slot is free; record the outcomes without it.
        if (ended.length && cancellationCode(error, 1) === 'ConditionalCheckFailed') {
          return commitBulkBatch(message, token, outcomes, undefined, deliveries);
        }
        // No other item is pending: this batch may be the job's last; commit it unconditioned.
        if (notLast && cancellationCode(error, writes.indexOf(job)) === 'ConditionalCheckFailed') {
          notLast = false;
          continue;
        }
        if (!meter || cancellationCode(error, 0) !== 'ConditionalCheckFailed') throw error;
        // The meter refused: the month's quota is used up, or our slot's lease expired and was
        // purged (its estimate with it) — then charge without it, once.
        if (!leaseHeld || (await leaseStillHeld(admission as Admission))) return 'quota_exceeded';
        break;
      }
    }
  }
  return 'quota_exceeded';
}

async function leaseStillHeld(admission: Admission): Promise<boolean> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: meterKey(admission.accountId), ConsistentRead: true }),
  );
  return Boolean(Item && bucketAttrs(admission.bucket).n in Item);
}

/** One usage row update per endpoint the batch billed (usually one), through settle's row writer. */
function usageWrites(admission: Admission, charged: BulkItemOutcome[]) {
  const byEndpoint = new Map<string, UsageCharge>();
  for (const outcome of charged) {
    const charge = outcome.charge as NonNullable<BulkItemOutcome['charge']>;
    const row = byEndpoint.get(charge.endpoint) ?? {
      rawBytes: 0,
      billableBytes: 0,
      requests: 0,
      creditsCharged: 0,
    };
    row.rawBytes += charge.rawBytes;
    row.billableBytes += charge.billableBytes;
    row.requests += 1;
    byEndpoint.set(charge.endpoint, row);
  }
  return [...byEndpoint.entries()].map(([endpoint, row]) => addUsage(admission, endpoint, row));
}
