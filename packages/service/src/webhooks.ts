import {
  ChangeMessageVisibilityCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { dynamoClient, sqsClient } from './clients';
import { queueUrl, tableName } from './config';
import { newId, nowIso } from './ids';
import { decodeCursor, encodeCursor, type Page } from './pagination';
import { isConditionFailed } from './transactions';

/** Every event a delivery can carry, as its X-Service-Event header names it. */
export const WEBHOOK_EVENTS = [
  'scrape.completed',
  'scrape.failed',
  'bulk.item.completed',
  'bulk.item.failed',
  'bulk.completed',
  'screenshot.completed',
  'screenshot.failed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why a delivery was given up: the receiver answered 410, the target is private, or no attempt left. */
export type WebhookFailureReason = 'gone' | 'private_address' | 'exhausted';

export interface WebhookAttempt {
  /** 1 for the first attempt, counting on across redeliveries. */
  attempt: number;
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export interface WebhookDelivery {
  /** Also the `webhook-id` header of every attempt: receivers deduplicate on it. */
  id: string;
  event: WebhookEvent;
  url: string;
  status: WebhookDeliveryStatus;
  attempts: WebhookAttempt[];
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
  failure_reason: WebhookFailureReason | null;
}

/** The stored record: the view plus the body and the worker's bookkeeping. */
export interface WebhookDeliveryItem extends WebhookDelivery {
  body: string;
  /** Attempts started (claimed); above attempts.length while one is in flight or was lost. */
  attempt_count: number;
  /** Attempts started since the delivery was created or last redelivered. */
  round_attempts: number;
  lease_id?: string;
  lease_until?: number;
  lease_started_at?: string;
}

/** Delivery records (and their bodies) are kept 30 days. */
const DELIVERY_RETENTION_SECONDS = 30 * 86_400;
/** ChangeMessageVisibility may hold a message at most 12 hours after it was received. */
const MAX_VISIBILITY_SECONDS = 43_000;

export const deliveryKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `WHD#${id}` });

/** Partitions of the pending index (table-schema.ts), so its writes spread: ids hash across them. */
export const PENDING_INDEX_SHARDS = 8;

/**
 * The pending index's attributes for a record that owes a webhook send from `due` on: the sweep
 * (webhook-sweep.ts) queues what is still there well after it was due. Settling removes them.
 */
export function pendingIndexKeys(id: string, due: string) {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { pending_pk: `PENDING#${hash % PENDING_INDEX_SHARDS}`, pending_due: due };
}

export interface WebhookInput {
  accountId: string;
  url: string;
  event: WebhookEvent;
  payload: unknown;
}

export interface WebhookMessage {
  accountId: string;
  deliveryId: string;
}

/**
 * Records the delivery, then queues it; the worker sends it and records every attempt. Outcomes
 * record theirs with the outcome instead (webhook-outbox.ts); a process that dies between the two
 * steps here leaves a pending delivery that the sweep (webhook-sweep.ts) queues.
 */
export async function enqueueWebhook(input: WebhookInput): Promise<WebhookDelivery> {
  const delivery = await recordWebhookDelivery(input);
  await sendWebhookMessage({ accountId: input.accountId, deliveryId: delivery.id });
  return delivery;
}

async function sendWebhookMessage(message: WebhookMessage): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: queueUrl('webhooks'), MessageBody: JSON.stringify(message) }),
  );
}

export async function recordWebhookDelivery(input: WebhookInput): Promise<WebhookDelivery> {
  const item = webhookDeliveryRecord(input, newId('wd'));
  await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: item }));
  return toView(item);
}

/**
 * The stored record of a new, pending delivery. Bulk jobs write it inside the transaction that
 * commits the item (their outbox), so the delivery exists exactly when the item does.
 */
export function webhookDeliveryRecord(input: WebhookInput, id: string, now = new Date()) {
  return {
    ...deliveryKey(input.accountId, id),
    type: 'webhook_delivery',
    id,
    event: input.event,
    url: input.url,
    status: 'pending' as const,
    attempts: [],
    created_at: nowIso(now),
    delivered_at: null,
    next_attempt_at: null,
    failure_reason: null,
    body: JSON.stringify(input.payload),
    attempt_count: 0,
    round_attempts: 0,
    expiresAt: Math.floor(now.getTime() / 1000) + DELIVERY_RETENTION_SECONDS,
    ...pendingIndexKeys(id, nowIso(now)),
  };
}

/**
 * Queues recorded deliveries, ten to a SendMessageBatch. Sending one twice is harmless: the
 * worker claims each attempt with a conditional write, so a duplicate message sends nothing twice.
 */
export async function sendWebhookMessages(accountId: string, deliveryIds: readonly string[]): Promise<void> {
  for (let i = 0; i < deliveryIds.length; i += 10) {
    const group = deliveryIds.slice(i, i + 10);
    const { Failed } = await sqsClient().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl('webhooks'),
        Entries: group.map((deliveryId, n) => ({
          Id: String(n),
          MessageBody: JSON.stringify({ accountId, deliveryId } satisfies WebhookMessage),
        })),
      }),
    );
    if (Failed?.length) throw new Error(`SendMessageBatch refused ${Failed.length} webhook messages`);
  }
}

export async function getWebhookDeliveryItem(
  accountId: string,
  id: string,
): Promise<WebhookDeliveryItem | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: deliveryKey(accountId, id), ConsistentRead: true }),
  );
  return Item as WebhookDeliveryItem | undefined;
}

function toView(item: Record<string, unknown>): WebhookDelivery {
  const { id, event, url, status, attempts, created_at, delivered_at } = item as unknown as WebhookDelivery;
  return {
    id,
    event,
    url,
    status,
    attempts: attempts.map(({ attempt, at, status_code, duration_ms, error }, i) => ({
      attempt: attempt ?? i + 1,
      at,
      status_code,
      duration_ms,
      error,
    })),
    created_at,
    delivered_at,
    next_attempt_at: (item.next_attempt_at as string | undefined) ?? null,
    failure_reason: (item.failure_reason as WebhookFailureReason | undefined) ?? null,
  };
}

/**
 * Sends the delivery again as a new round of attempts (same id, so a receiver that deduplicates
 * sees the same message). A delivery being attempted at this very moment is left to that attempt.
 */
export async function redeliverWebhook(accountId: string, id: string): Promise<WebhookDelivery> {
  const now = Date.now();
  try {
    const { Attributes } = await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(accountId, id),
        UpdateExpression:
          'SET #status = :pending, round_attempts = :zero, next_attempt_at = :now, failure_reason = :null, delivered_at = :null, pending_pk = :ppk, pending_due = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(lease_until) OR lease_until < :nowMs)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':zero': 0,
          ':now': nowIso(new Date(now)),
          ':nowMs': now,
          ':null': null,
          ':ppk': pendingIndexKeys(id, '').pending_pk,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    await sendWebhookMessage({ accountId, deliveryId: id });
    return toView(Attributes as Record<string, unknown>);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const item = await getWebhookDeliveryItem(accountId, id);
    if (!item) throw new ApiError('not_found', `No webhook delivery ${id} on this account.`);
    return toView(item as unknown as Record<string, unknown>);
  }
}

/** Keeps a message away until its delivery's next attempt is due (Lambda leaves its visibility alone). */
export async function deferWebhookMessage(receiptHandle: string, seconds: number): Promise<void> {
  await sqsClient().send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: queueUrl('webhooks'),
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: Math.max(1, Math.min(MAX_VISIBILITY_SECONDS, Math.ceil(seconds))),
    }),
  );
}

export interface WebhookDeliveryFilter {
  limit: number;
  cursor?: string;
  event?: WebhookEvent;
  status?: WebhookDeliveryStatus;
}

/** Query pages read per listing call at most; a filtered page may then hold fewer than `limit`. */
const MAX_PAGES_PER_LISTING = 10;

export async function listWebhookDeliveries(
  accountId: string,
  options: WebhookDeliveryFilter,
): Promise<Page<WebhookDelivery>> {
  const listing = { pk: `ACCT#${accountId}`, skPrefix: 'WHD#' };
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': listing.pk, ':prefix': listing.skPrefix };
  const names: Record<string, string> = {};
  if (options.event) {
    filters.push('#event = :event');
    names['#event'] = 'event';
    values[':event'] = options.event;
  }
  if (options.status) {
    filters.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = options.status;
  }
  const found: Record<string, unknown>[] = [];
  let startKey = decodeCursor(options.cursor, listing);
  for (let page = 0; page < MAX_PAGES_PER_LISTING && found.length < options.limit; page++) {
    const { Items, LastEvaluatedKey } = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ...(filters.length
          ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names }
          : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: options.limit,
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(Items ?? []));
    startKey = LastEvaluatedKey;
    if (!startKey) break;
  }
  const data = found.slice(0, options.limit);
  const last = data.at(-1);
  // Cut inside a page: the next page starts after the last item returned, not after the page.
  const nextKey = found.length > options.limit && last ? { pk: last.pk, sk: last.sk } : startKey;
  return { data: data.map(toView), next_cursor: encodeCursor(nextKey) };
}
