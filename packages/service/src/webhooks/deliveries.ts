import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { newId, nowIso } from '../ids';

/** Every event a delivery can carry, as its X-Service-Event header names it. */
export const WEBHOOK_EVENTS = [
  'scrape.completed',
  'scrape.failed',
  'bulk.item.completed',
  'bulk.item.failed',
  'bulk.completed',
  'screenshot.completed',
  'screenshot.failed',
  'sitemap.completed',
  'sitemap.failed',
  'crawl.started',
  'crawl.page',
  'crawl.completed',
  'crawl.failed',
  'crawl.cancelled',
  'monitor.changed',
  'monitor.removed',
  'monitor.error',
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

export const deliveryKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `WHD#${id}` });

/** Partitions of the pending index (table-schema.ts), so its writes spread: ids hash across them. */
export const PENDING_INDEX_SHARDS = 8;

/**
 * The pending index's attributes for a record that owes a webhook send from `due` on: the sweep
 * (sweep.ts) queues what is still there well after it was due. Settling removes them.
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

export async function recordWebhookDelivery(input: WebhookInput): Promise<WebhookDelivery> {
  const item = webhookDeliveryRecord(input, newId('wd'));
  await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: item }));
  return deliveryView(item);
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

export async function getWebhookDeliveryItem(
  accountId: string,
  id: string,
): Promise<WebhookDeliveryItem | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: deliveryKey(accountId, id), ConsistentRead: true }),
  );
  return Item as WebhookDeliveryItem | undefined;
}

/** What the API shows of a stored delivery (GET and list deliveries, redeliver). */
export function deliveryView(item: Record<string, unknown>): WebhookDelivery {
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
