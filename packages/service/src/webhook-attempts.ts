import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { dynamoClient } from './clients';
import { tableName } from './config';
import { nowIso } from './ids';
import { signingSecrets } from './webhook-secrets';
import {
  deliveryKey,
  getWebhookDeliveryItem,
  type WebhookAttempt,
  type WebhookDeliveryItem,
  type WebhookDeliveryStatus,
  type WebhookFailureReason,
  type WebhookMessage,
} from './webhooks';

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
 */
export async function processWebhookMessage(
  message: WebhookMessage,
  post: WebhookPoster,
): Promise<DeliveryStep> {
  const item = await getWebhookDeliveryItem(message.accountId, message.deliveryId);
  if (item?.status !== 'pending') return { done: true };
  const now = Date.now();
  if (item.lease_until !== undefined && item.lease_until >= now) {
    // Another message holds it; it carries the delivery on, this copy is not needed.
    return { done: true };
  }
  const due = item.next_attempt_at ? Date.parse(item.next_attempt_at) : now;
  if (due > now) return { retryInSeconds: (due - now) / 1000 };

  const leaseId = await claim(message, item, now);
  if (!leaseId || leaseId === 'exhausted') return { done: true };
  const attempt = await attemptOnce(message, item, post);
  const status = await record(message, item, leaseId, attempt);
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
 * Takes the next attempt: a conditional write on the attempt count and an expired (or no) lease.
 * Returns the lease id, 'exhausted' when a lost last attempt used up the round, or undefined when
 * another message won the claim.
 */
async function claim(
  message: WebhookMessage,
  item: WebhookDeliveryItem,
  now: number,
): Promise<string | 'exhausted' | undefined> {
  const lost = item.attempt_count > item.attempts.length;
  const interrupted: WebhookAttempt[] = lost
    ? [
        {
          attempt: item.attempt_count,
          at: item.lease_started_at ?? nowIso(new Date(now)),
          status_code: null,
          duration_ms: 0,
          error: 'interrupted: the worker stopped before recording the outcome',
        },
      ]
    : [];
  const exhausted = item.round_attempts >= maxAttempts();
  const leaseId = randomUUID();
  const values: Record<string, unknown> = {
    ':pending': 'pending',
    ':seen': item.attempt_count,
    ':now': now,
    ':lost': interrupted,
  };
  let update: string;
  if (exhausted) {
    update =
      'SET attempts = list_append(attempts, :lost), #status = :failed, failure_reason = :reason, next_attempt_at = :null REMOVE lease_id, lease_until, lease_started_at';
    Object.assign(values, { ':failed': 'failed', ':reason': 'exhausted', ':null': null });
  } else {
    update =
      'SET attempts = list_append(attempts, :lost), attempt_count = :next, round_attempts = round_attempts + :one, lease_id = :lease, lease_until = :until, lease_started_at = :at';
    Object.assign(values, {
      ':next': item.attempt_count + 1,
      ':one': 1,
      ':lease': leaseId,
      ':until': now + LEASE_MS,
      ':at': nowIso(new Date(now)),
    });
  }
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(message.accountId, message.deliveryId),
        UpdateExpression: update,
        ConditionExpression:
          '#status = :pending AND attempt_count = :seen AND (attribute_not_exists(lease_until) OR lease_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
  return exhausted ? 'exhausted' : leaseId;
}

async function attemptOnce(
  message: WebhookMessage,
  item: WebhookDeliveryItem,
  post: WebhookPoster,
): Promise<Attempted> {
  const headers = signedHeaders(await signingSecrets(message.accountId), item.id, item.event, item.body);
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

/** Appends the attempt and settles or schedules the delivery, as long as this worker still holds the lease. */
async function record(
  message: WebhookMessage,
  item: WebhookDeliveryItem,
  leaseId: string,
  { attempt, outcome }: Attempted,
): Promise<WebhookDeliveryStatus> {
  const roundAttempts = item.round_attempts + 1;
  const { status, failure } = settlement(outcome, roundAttempts);
  const next = status === 'pending' ? nowIso(new Date(Date.now() + retryDelay(roundAttempts) * 1000)) : null;
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: deliveryKey(message.accountId, message.deliveryId),
      UpdateExpression:
        'SET attempts = list_append(attempts, :attempt), #status = :status, delivered_at = :delivered, next_attempt_at = :next, failure_reason = :failure REMOVE lease_id, lease_until, lease_started_at',
      ConditionExpression: 'lease_id = :lease',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':attempt': [attempt],
        ':status': status,
        ':delivered': status === 'delivered' ? attempt.at : null,
        ':next': next,
        ':failure': failure,
        ':lease': leaseId,
      },
    }),
  );
  return status;
}
