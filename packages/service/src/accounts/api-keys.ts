import { createHash, randomInt } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { dynamoClient } from '../clients';
import { type KeyEnvironment, keyEnvironment, tableName } from '../config';
import { newId, nowIso } from '../ids';
import { decodeCursor, encodeCursor, type Page } from '../pagination';
import { cancellationCode, isConditionFailed, transactWrite } from '../transactions';
import { accountKey, getAccount } from './accounts';

/** What a key may do; every route names the one scope it needs (see the route manifest). */
export const KEY_SCOPES = ['capture', 'read', 'keys', 'billing'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export const MAX_ACTIVE_KEYS = 50;

const KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{32,128}$/;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_LENGTH = 40;

export interface ApiKeyView {
  id: string;
  name: string;
  /** Enough of the key to recognise it (`sk_test_AbCd…wxyz`), never enough to use it. */
  prefix: string;
  last4: string;
  environment: KeyEnvironment;
  scopes: KeyScope[];
  status: 'active' | 'revoked';
  created_at: string;
  revoked_at: string | null;
}

export interface Principal {
  accountId: string;
  keyId: string;
  scopes: KeyScope[];
}

interface HashItem {
  account_id: string;
  key_id: string;
  scopes: KeyScope[];
  environment: KeyEnvironment;
  /** Set when the key is revoked; the item stays so the plaintext can never be registered again. */
  revoked?: boolean;
}

const keyItemKey = (accountId: string, keyId: string) => ({ pk: `ACCT#${accountId}`, sk: `KEY#${keyId}` });
const hashItemKey = (hash: string) => ({ pk: `KEYHASH#${hash}`, sk: 'KEYHASH' });

export function hashKey(plaintext: string): string {
  return createHash('sha256').update(plaintext).digest('hex');
}

export function generateKey(environment: KeyEnvironment): string {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += BASE62[randomInt(BASE62.length)];
  return `sk_${environment}_${secret}`;
}

export function keyEnvironmentOf(plaintext: string): KeyEnvironment | undefined {
  const match = KEY_PATTERN.exec(plaintext);
  return match ? (match[1] as KeyEnvironment) : undefined;
}

function toView(item: Record<string, unknown>): ApiKeyView {
  return {
    id: item.id as string,
    name: item.name as string,
    prefix: item.prefix as string,
    last4: item.last4 as string,
    environment: item.environment as KeyEnvironment,
    scopes: item.scopes as KeyScope[],
    status: item.status as ApiKeyView['status'],
    created_at: item.created_at as string,
    revoked_at: (item.revoked_at as string | undefined) ?? null,
  };
}

export interface CreateKeyInput {
  name: string;
  scopes?: KeyScope[];
  environment?: KeyEnvironment;
  /** Only for seeding a known key (local bootstrap, admin import); normally generated. */
  plaintext?: string;
}

/**
 * Creates a key and counts it against the account's active-key cap in one transaction, so the
 * cap holds however many creates run at once.
 */
export async function createApiKey(
  accountId: string,
  input: CreateKeyInput,
): Promise<ApiKeyView & { key: string }> {
  const environment =
    input.environment ??
    (input.plaintext ? keyEnvironmentOf(input.plaintext) : undefined) ??
    keyEnvironment();
  const plaintext = input.plaintext ?? generateKey(environment);
  if (keyEnvironmentOf(plaintext) !== environment) {
    throw new ApiError(
      'validation_error',
      'A key must look like sk_test_… or sk_live_… with 32+ letters or digits.',
    );
  }
  const id = newId('ak');
  const hash = hashKey(plaintext);
  const scopes = input.scopes ?? [...KEY_SCOPES];
  const item = {
    ...keyItemKey(accountId, id),
    type: 'api_key',
    id,
    name: input.name,
    prefix: `${plaintext.slice(0, `sk_${environment}_`.length + 4)}…`,
    last4: plaintext.slice(-4),
    environment,
    scopes,
    status: 'active',
    created_at: nowIso(),
    key_hash: hash,
  };
  const hashItem: HashItem & Record<string, unknown> = {
    ...hashItemKey(hash),
    type: 'api_key_hash',
    account_id: accountId,
    key_id: id,
    scopes,
    environment,
  };
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: accountKey(accountId),
          UpdateExpression: 'SET active_keys = if_not_exists(active_keys, :zero) + :one',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(active_keys) OR active_keys < :max)',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': MAX_ACTIVE_KEYS },
        },
      },
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Put: {
          TableName: tableName(),
          Item: hashItem,
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  } catch (error) {
    if (cancellationCode(error, 0) === 'ConditionalCheckFailed') {
      // The same condition guards the account's existence; tell the two apart only on this rare path.
      if (!(await getAccount(accountId))) throw new ApiError('not_found', `No account ${accountId}.`);
      throw new ApiError(
        'api_key_limit_reached',
        `This account already has ${MAX_ACTIVE_KEYS} active API keys; revoke one before creating another.`,
        { details: { limit: MAX_ACTIVE_KEYS } },
      );
    }
    if (cancellationCode(error, 2) === 'ConditionalCheckFailed') {
      throw new ApiError('validation_error', 'That key is already registered.', { status: 422 });
    }
    throw error;
  }
  return { ...toView(item), key: plaintext };
}

export async function listApiKeys(
  accountId: string,
  options: { limit: number; cursor?: string },
): Promise<Page<ApiKeyView>> {
  const listing = { pk: `ACCT#${accountId}`, skPrefix: 'KEY#' };
  const { Items, LastEvaluatedKey } = await dynamoClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': listing.pk, ':prefix': listing.skPrefix },
      Limit: options.limit,
      ExclusiveStartKey: decodeCursor(options.cursor, listing),
    }),
  );
  return { data: (Items ?? []).map(toView), next_cursor: encodeCursor(LastEvaluatedKey) };
}

async function getKeyItem(accountId: string, keyId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: keyItemKey(accountId, keyId) }),
  );
  return Item;
}

export async function getApiKey(accountId: string, keyId: string): Promise<ApiKeyView | undefined> {
  const item = await getKeyItem(accountId, keyId);
  return item ? toView(item) : undefined;
}

function keyNotFound(keyId: string): ApiError {
  return new ApiError('not_found', `No API key ${keyId} on this account.`);
}

export async function renameApiKey(accountId: string, keyId: string, name: string): Promise<ApiKeyView> {
  try {
    const { Attributes } = await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyItemKey(accountId, keyId),
        UpdateExpression: 'SET #name = :name',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toView(Attributes ?? {});
  } catch (error) {
    if (isConditionFailed(error)) throw keyNotFound(keyId);
    throw error;
  }
}

/**
 * Revokes a key: its hash lookup is marked in the same transaction, so the key stops
 * authenticating at once, and the active-key count drops. Revoking a revoked key is a no-op.
 */
export async function revokeApiKey(accountId: string, keyId: string): Promise<void> {
  const existing = await getKeyItem(accountId, keyId);
  if (!existing) throw keyNotFound(keyId);
  if (existing.status === 'revoked') return;
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: keyItemKey(accountId, keyId),
          UpdateExpression: 'SET #status = :revoked, revoked_at = :now',
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':revoked': 'revoked', ':active': 'active', ':now': nowIso() },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: accountKey(accountId),
          UpdateExpression: 'SET active_keys = active_keys - :one',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      // The lookup stays as a tombstone: the key stops authenticating, and can never be registered again.
      {
        Update: {
          TableName: tableName(),
          Key: hashItemKey(existing.key_hash as string),
          UpdateExpression: 'SET revoked = :true',
          ExpressionAttributeValues: { ':true': true },
        },
      },
    ]);
  } catch (error) {
    // A concurrent revoke won the race: the outcome the caller asked for already holds.
    if (cancellationCode(error, 0) === 'ConditionalCheckFailed') return;
    throw error;
  } finally {
    keyCache.delete(existing.key_hash as string);
  }
}

export async function findKeyByPlaintext(plaintext: string): Promise<HashItem | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: hashItemKey(hashKey(plaintext)) }),
  );
  return Item as HashItem | undefined;
}

/** How long a process may keep answering from a key it looked up (`KEY_CACHE_SECONDS`, default 5). */
export function keyCacheMs(): number {
  const seconds = Number(process.env.KEY_CACHE_SECONDS || 5);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 5000;
}

/** Keys this process has looked up, by hash: the lookup (shared by concurrent requests) and when. */
const keyCache = new Map<string, { principal: Promise<Principal>; readAt: number }>();

/**
 * One GetItem per request, or none while the key is in this process's cache: the hash lookup
 * carries everything authorization needs. Only valid keys stay cached, for at most
 * KEY_CACHE_SECONDS; a revocation applies at once in the process that revoked the key and within
 * that time everywhere else. Requests arriving while a key is being looked up share that lookup.
 * The plaintext is only hashed, never logged or stored.
 */
export async function authenticateKey(plaintext: string): Promise<Principal> {
  const environment = keyEnvironmentOf(plaintext);
  if (!environment) {
    throw new ApiError('invalid_api_key', 'The API key is not valid. Keys look like sk_test_… or sk_live_….');
  }
  // The spec (Authentication, rule 2) answers a key of the other environment with `unauthorized`.
  if (environment !== keyEnvironment()) {
    throw new ApiError(
      'unauthorized',
      `This environment accepts only sk_${keyEnvironment()}_ keys; an sk_${environment}_ key belongs to the other one.`,
    );
  }
  const hash = hashKey(plaintext);
  const hit = keyCache.get(hash);
  if (hit && Date.now() - hit.readAt < keyCacheMs()) return hit.principal;
  const lookup = lookUpKey(plaintext);
  if (keyCache.size > 10_000) keyCache.clear();
  keyCache.set(hash, { principal: lookup, readAt: Date.now() });
  try {
    return await lookup;
  } catch (error) {
    if (keyCache.get(hash)?.principal === lookup) keyCache.delete(hash);
    throw error;
  }
}

async function lookUpKey(plaintext: string): Promise<Principal> {
  const found = await findKeyByPlaintext(plaintext);
  if (!found || found.revoked) {
    throw new ApiError('invalid_api_key', 'The API key is not valid or has been revoked.');
  }
  return { accountId: found.account_id, keyId: found.key_id, scopes: found.scopes };
}
