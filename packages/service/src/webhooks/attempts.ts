import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { countWebhookAttempt } from '@webcapture/telemetry';
import { Webhook } from 'standardwebhooks';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { nowIso } from '../ids';
import { oldItemOf } from '../metering/meter';
import { isConditionFailed } from '../transactions';
import {
  deliveryKey,
  pendingIndexKeys,
  type WebhookAttempt,
  type WebhookDeliveryItem,
  type WebhookDeliveryStatus,
  type WebhookFailureReason,
  type WebhookMessage,
} from './deliveries';
import { signingSecrets } from './secrets';

/**
 * Standard Webhooks' suggested schedule: after the first attempt, 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h and 10 h — 8 attempts over about 27.6 hours.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

/** WEBHOOK_RETRY_DELAYS_SECONDS (comma-separated seconds) replaces the schedule; tests use seconds. */
export function webhookRetryDelays(): number[] {
  const raw = process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
  if (!raw) return DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS;
  const delays = raw.split(',').map((part) => Number(part.trim()));
  if (delays.some((delay) => !Number.isInteger(delay) || delay < 1)) {
    throw new Error(`WEBHOOK_RETRY_DELAYS_SECONDS must list whole seconds above 0, got "${raw}"`);
  }
  return delays;
}

/** One attempt may take this long; the lease outlives it, and the queue's visibility the lease. */
const ATTEMPT_TIMEOUT_MS = 10_000;
const LEASE_MS = 30_000;

export type WebhookPostResult = { status: number } | { refused: string };

/**
 * Sends one attempt: resolves with the receiver's status, or `refused` when the SSRF guard will
 * never connect to the target (a private address); throws on network errors and timeouts.
 */
export type WebhookPoster = (
  url: string,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<WebhookPostResult>;

/** What the queue should do with the message: drop it, or bring it back after a while. */
export type DeliveryStep = { done: true } | { retryInSeconds: number };

/** Standard Webhooks headers; during a rotation overlap one signature per secret, space-separated. */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  event: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' '),
    'x-service-event': event,
  };
}

/**
 * Handles one queue message for a delivery. Idempotent: the attempt is claimed with a conditional
 * write (a lease), so duplicated messages never send the same attempt twice, and an attempt whose
 * worker died before recording it is recorded as interrupted by the next claim.
 * DynamoDB: the claim (which also reads the delivery), the account's secret, the outcome.
 */
export async function processWebhookMessage(
  message: WebhookMessage,
  post: WebhookPoster,
): Promise<DeliveryStep> {
  const claimed = await claim(message, Date.now());
  if (!('leaseId' in claimed)) return claimed;
  const { leaseId, item } = claimed;
  const lost = interruptedAttempt(item);
  // A lost attempt may have been the round's last one: then nothing is sent again.
  const attempt =
    lost && item.round_attempts >= maxAttempts()
      ? undefined
      : await attemptOnce(message.accountId, item, post);
  if (attempt && attempt.outcome !== 'exhausted') countWebhookAttempt(attempt.outcome);
  const status = await record(message, item, leaseId, lost, attempt);
  if (status !== 'pending') return { done: true };
  return { retryInSeconds: retryDelay(item.round_attempts + 1) };
}

function retryDelay(attemptsInRound: number): number {
  const delays = webhookRetryDelays();
  return delays[Math.min(attemptsInRound, delays.length) - 1] ?? delays.at(-1) ?? 60;
}

const maxAttempts = () => webhookRetryDelays().length + 1;

type Attempted = { attempt: WebhookAttempt; outcome: 'delivered' | 'retry' | WebhookFailureReason };

/**
 * Takes the next attempt of a pending, due delivery that no live lease holds, and returns the
 * delivery as it was before. When it cannot, the refused write says why, without a second read:
 * settled or held by another message (this copy is not needed), or not due yet.
 */
async function claim(
  message: WebhookMessage,
  now: number,
): Promise<{ leaseId: string; item: WebhookDeliveryItem } | DeliveryStep> {
  const leaseId = randomUUID();
  try {
    const { Attributes } = await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(message.accountId, message.deliveryId),
        UpdateExpression:
          'SET attempt_count = if_not_exists(attempt_count, :zero) + :one, round_attempts = if_not_exists(round_attempts, :zero) + :one, lease_id = :lease, lease_until = :until, lease_started_at = :at',
        ConditionExpression:
          '#status = :pending AND (attribute_not_exists(lease_until) OR lease_until < :now) AND (attribute_not_exists(next_attempt_at) OR next_attempt_at = :null OR next_attempt_at <= :at)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':zero': 0,
          ':one': 1,
          ':lease': leaseId,
          ':now': now,
          ':until': now + LEASE_MS,
          ':at': nowIso(new Date(now)),
          ':null': null,
        },
        ReturnValues: 'ALL_OLD',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    const item = Attributes as WebhookDeliveryItem;
    // Records written before attempts were counted count their recorded attempts.
    item.attempt_count ??= item.attempts.length;
    item.round_attempts ??= item.attempts.length;
    return { leaseId, item };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const item = oldItemOf(error) as WebhookDeliveryItem | undefined;
    if (item?.status !== 'pending' || (item.lease_until ?? 0) >= now) return { done: true };
    const due = item.next_attempt_at ? Date.parse(item.next_attempt_at) : now;
    return { retryInSeconds: Math.max(1, (due - now) / 1000) };
  }
}

/** The attempt a dead worker claimed and never recorded: its lease was still on the delivery. */
function interruptedAttempt(item: WebhookDeliveryItem): WebhookAttempt | undefined {
  if (item.lease_id === undefined) return undefined;
  return {
    attempt: item.attempt_count,
    at: item.lease_started_at ?? nowIso(),
    status_code: null,
    duration_ms: 0,
    error: 'interrupted: the worker stopped before recording the outcome',
  };
}

async function attemptOnce(
  accountId: string,
  item: WebhookDeliveryItem,
  post: WebhookPoster,
): Promise<Attempted> {
  const headers = signedHeaders(await signingSecrets(accountId), item.id, item.event, item.body);
  const started = performance.now();
  const attempt = (status_code: number | null, error: string | null): WebhookAttempt => ({
    attempt: item.attempt_count + 1,
    at: nowIso(),
    status_code,
    duration_ms: Math.round(performance.now() - started),
    error,
  });
  try {
    const result = await post(item.url, {
      headers,
      body: item.body,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    if ('refused' in result) return { attempt: attempt(null, result.refused), outcome: 'private_address' };
    const { status } = result;
    const outcome = status >= 200 && status < 300 ? 'delivered' : status === 410 ? 'gone' : 'retry';
    return { attempt: attempt(status, null), outcome };
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message;
    return { attempt: attempt(null, reason), outcome: 'retry' };
  }
}

function settlement(
  outcome: Attempted['outcome'],
  roundAttempts: number,
): { status: WebhookDeliveryStatus; failure: WebhookFailureReason | null } {
  if (outcome === 'delivered') return { status: 'delivered', failure: null };
  if (outcome !== 'retry') return { status: 'failed', failure: outcome };
  if (roundAttempts >= maxAttempts()) return { status: 'failed', failure: 'exhausted' };
  return { status: 'pending', failure: null };
}

/**
 * Appends the attempts (the interrupted one, this one) and settles or schedules the delivery, as
 * long as this worker still holds the lease.
 */
async function record(
  message: WebhookMessage,
  item: WebhookDeliveryItem,
  leaseId: string,
  lost: WebhookAttempt | undefined,
  attempted: Attempted | undefined,
): Promise<WebhookDeliveryStatus> {
  const roundAttempts = item.round_attempts + 1;
  const { status, failure } = attempted
    ? settlement(attempted.outcome, roundAttempts)
    : { status: 'failed' as const, failure: 'exhausted' as const };
  const appended = [lost, attempted?.attempt].filter((attempt) => attempt !== undefined);
  const next = status === 'pending' ? nowIso(new Date(Date.now() + retryDelay(roundAttempts) * 1000)) : null;
  // A pending delivery stays in the sweep's index, due at its next attempt; a settled one leaves it.
  const index = next ? ', pending_pk = :ppk, pending_due = :next' : '';
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: deliveryKey(message.accountId, message.deliveryId),
      UpdateExpression: `SET attempts = list_append(attempts, :appended), attempt_count = :count, #status = :status, delivered_at = :delivered, next_attempt_at = :next, failure_reason = :failure${index} REMOVE lease_id, lease_until, lease_started_at${next ? '' : ', pending_pk, pending_due'}`,
      ConditionExpression: 'lease_id = :lease',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':appended': appended,
        ':count': item.attempts.length + appended.length,
        ':status': status,
        ':delivered': status === 'delivered' ? (attempted?.attempt.at ?? null) : null,
        ':next': next,
        ':failure': failure,
        ':lease': leaseId,
        ...(next ? { ':ppk': pendingIndexKeys(item.id, next).pending_pk } : {}),
      },
    }),
  );
  return status;
}
