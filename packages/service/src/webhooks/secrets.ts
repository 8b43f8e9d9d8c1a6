import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { nowIso } from '../ids';
import { isConditionFailed } from '../transactions';

/**
 * Each account signs its webhook deliveries with its own secret (Standard Webhooks format:
 * `whsec_` + base64 of 32 random bytes), created on first use. Rotating keeps the previous
 * secret signing too for an overlap, so receivers can switch without dropping a delivery.
 */
export interface WebhookSecretView {
  secret: string;
  created_at: string;
  /** When the secret replaced by the last rotation stops signing; null when none does. */
  previous_secret_expires_at: string | null;
}

interface SecretItem {
  secret: string;
  created_at: string;
  previous_secret?: string | null;
  previous_expires_at?: string | null;
}

/** 24 h unless WEBHOOK_SECRET_OVERLAP_SECONDS says otherwise. */
export function webhookSecretOverlapSeconds(): number {
  const raw = process.env.WEBHOOK_SECRET_OVERLAP_SECONDS;
  const configured = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(configured) && configured >= 0 ? configured : 86_400;
}

const secretKey = (accountId: string) => ({ pk: `ACCT#${accountId}`, sk: 'WEBHOOK_SECRET' });

function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function previousActive(item: SecretItem, now: number): boolean {
  return Boolean(
    item.previous_secret && item.previous_expires_at && Date.parse(item.previous_expires_at) > now,
  );
}

function view(item: SecretItem, now = Date.now()): WebhookSecretView {
  return {
    secret: item.secret,
    created_at: item.created_at,
    previous_secret_expires_at: previousActive(item, now) ? (item.previous_expires_at ?? null) : null,
  };
}

async function loadOrCreate(accountId: string): Promise<SecretItem> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: secretKey(accountId), ConsistentRead: true }),
  );
  if (Item) return Item as SecretItem;
  const created: SecretItem = { secret: newSecret(), created_at: nowIso() };
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...secretKey(accountId), type: 'webhook_secret', ...created },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return created;
  } catch (error) {
    // Two first uses at once: the one that wrote first is the account's secret.
    if (!isConditionFailed(error)) throw error;
    return loadOrCreate(accountId);
  }
}

export async function getWebhookSecret(accountId: string): Promise<WebhookSecretView> {
  return view(await loadOrCreate(accountId));
}

/**
 * A new secret signs from now on; the one it replaces keeps signing beside it for the overlap.
 * Rotating again within the overlap retires the older one at once (two secrets at most).
 */
export async function rotateWebhookSecret(accountId: string): Promise<WebhookSecretView> {
  await loadOrCreate(accountId);
  const now = Date.now();
  const { Attributes } = await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: secretKey(accountId),
      UpdateExpression:
        'SET previous_secret = secret, previous_expires_at = :expires, secret = :secret, created_at = :now',
      ExpressionAttributeValues: {
        ':secret': newSecret(),
        ':now': nowIso(new Date(now)),
        ':expires': nowIso(new Date(now + webhookSecretOverlapSeconds() * 1000)),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return view(Attributes as SecretItem, now);
}

/** The secrets a delivery is signed with right now: the current one, then the previous during its overlap. */
export async function signingSecrets(accountId: string): Promise<string[]> {
  const item = await loadOrCreate(accountId);
  return previousActive(item, Date.now()) ? [item.secret, item.previous_secret as string] : [item.secret];
}
