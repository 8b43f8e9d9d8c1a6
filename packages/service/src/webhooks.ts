import { createHmac } from 'node:crypto';
import { ChangeMessageVisibilityCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, sqsClient } from './clients';
import { queueUrl, tableName } from './config';
import { newId, nowIso } from './ids';
import { decodeCursor, encodeCursor, type Page } from './pagination';

export type WebhookEvent =
  | 'scrape.completed'
  | 'scrape.failed'
  | 'bulk.item.completed'
  | 'bulk.item.failed'
  | 'bulk.completed';

export interface WebhookAttempt {
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  event: WebhookEvent;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: WebhookAttempt[];
  created_at: string;
  delivered_at: string | null;
}

/** Attempts before a delivery is given up (the queue's redrive sends it to the DLQ too). */
export const MAX_WEBHOOK_ATTEMPTS = 5;
const ATTEMPT_TIMEOUT_MS = 10_000;

const deliveryKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `WHD#${id}` });

/** Signature over `timestamp.body`, so a receiver can reject replays older than it tolerates. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

function signingSecret(): string {
  const secret = process.env.WEBHOOK_SIGNING_SECRET;
  if (!secret) throw new Error('WEBHOOK_SIGNING_SECRET is not set');
  return secret;
}

export interface WebhookInput {
  accountId: string;
  url: string;
  event: WebhookEvent;
  payload: unknown;
}

/** Records the delivery, then queues it; the worker sends it and records every attempt. */
export async function enqueueWebhook(input: WebhookInput): Promise<WebhookDelivery> {
  const delivery = await recordWebhookDelivery(input);
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl('webhooks'),
      MessageBody: JSON.stringify({ accountId: input.accountId, deliveryId: delivery.id }),
    }),
  );
  return delivery;
}

export async function recordWebhookDelivery(input: WebhookInput): Promise<WebhookDelivery> {
  const delivery: WebhookDelivery = {
    id: newId('wd'),
    event: input.event,
    url: input.url,
    status: 'pending',
    attempts: [],
    created_at: nowIso(),
    delivered_at: null,
  };
  await dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...deliveryKey(input.accountId, delivery.id),
        type: 'webhook_delivery',
        ...delivery,
        body: JSON.stringify(input.payload),
      },
    }),
  );
  return delivery;
}

export type WebhookPoster = (
  url: string,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<number>;

/**
 * One attempt. Returns true when the delivery is settled (delivered, already delivered, or out of
 * attempts) and false when the message should come back later.
 */
export async function attemptDelivery(
  message: { accountId: string; deliveryId: string },
  post: WebhookPoster,
): Promise<boolean> {
  const key = deliveryKey(message.accountId, message.deliveryId);
  const { Item } = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: key }));
  if (Item?.status !== 'pending') return true;
  const timestamp = Math.floor(Date.now() / 1000);
  const body = Item.body as string;
  const started = performance.now();
  let attempt: WebhookAttempt;
  try {
    const statusCode = await post(Item.url as string, {
      headers: {
        'content-type': 'application/json',
        'x-service-event': Item.event as string,
        'x-service-delivery': message.deliveryId,
        'x-service-signature': signWebhook(signingSecret(), timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    attempt = {
      at: nowIso(),
      status_code: statusCode,
      duration_ms: Math.round(performance.now() - started),
      error: null,
    };
  } catch (error) {
    attempt = {
      at: nowIso(),
      status_code: null,
      duration_ms: Math.round(performance.now() - started),
      error: (error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message,
    };
  }
  const delivered = attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
  const exhausted = !delivered && (Item.attempts as WebhookAttempt[]).length + 1 >= MAX_WEBHOOK_ATTEMPTS;
  const status = delivered ? 'delivered' : exhausted ? 'failed' : 'pending';
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression:
        'SET attempts = list_append(attempts, :attempt), #status = :status, delivered_at = :at',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':attempt': [attempt],
        ':status': status,
        ':at': delivered ? attempt.at : null,
      },
    }),
  );
  return status !== 'pending';
}

/** Exponential backoff between attempts: 30 s, 60 s, 120 s … capped at 15 minutes. */
export async function delayRetry(receiptHandle: string, receiveCount: number): Promise<void> {
  await sqsClient().send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: queueUrl('webhooks'),
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: Math.min(900, 30 * 2 ** Math.max(0, receiveCount - 1)),
    }),
  );
}

export async function listWebhookDeliveries(
  accountId: string,
  options: { limit: number; cursor?: string },
): Promise<Page<WebhookDelivery>> {
  const listing = { pk: `ACCT#${accountId}`, skPrefix: 'WHD#' };
  const { Items, LastEvaluatedKey } = await dynamoClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': listing.pk, ':prefix': listing.skPrefix },
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: decodeCursor(options.cursor, listing),
    }),
  );
  const data = (Items ?? []).map(({ id, event, url, status, attempts, created_at, delivered_at }) => ({
    id,
    event,
    url,
    status,
    attempts,
    created_at,
    delivered_at,
  })) as WebhookDelivery[];
  return { data, next_cursor: encodeCursor(LastEvaluatedKey) };
}
