import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { dynamoClient } from './clients';
import { tableName } from './config';
import { newId, nowIso } from './ids';
import { DEFAULT_PLAN_ID, findPlan } from './plans';

/** Stripe-like subscription states; past_due/unpaid impair, canceled/expired end the entitlement. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface Subscription {
  status: SubscriptionStatus;
  current_period_start: string;
  current_period_end: string;
}

export interface Account {
  id: string;
  name: string;
  plan_id: string;
  subscription: Subscription;
  active_keys: number;
  created_at: string;
}

export const accountKey = (accountId: string) => ({ pk: `ACCT#${accountId}`, sk: 'ACCOUNT' });

function monthPeriod(now: Date): Pick<Subscription, 'current_period_start' | 'current_period_end'> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { current_period_start: nowIso(start), current_period_end: nowIso(end) };
}

export async function createAccount(input: { name: string; planId?: string }): Promise<Account> {
  const planId = input.planId ?? DEFAULT_PLAN_ID;
  if (!findPlan(planId)) throw new ApiError('not_found', `No plan named ${planId}.`);
  const now = new Date();
  const account: Account = {
    id: newId('acct'),
    name: input.name,
    plan_id: planId,
    subscription: { status: 'active', ...monthPeriod(now) },
    active_keys: 0,
    created_at: nowIso(now),
  };
  await dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...accountKey(account.id), type: 'account', ...account },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return account;
}

export async function getAccount(accountId: string): Promise<Account | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: accountKey(accountId) }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ...account } = Item;
  return account as Account;
}

export async function requireAccount(accountId: string): Promise<Account> {
  const account = await getAccount(accountId);
  if (!account) throw new ApiError('not_found', `No account ${accountId}.`);
  return account;
}

async function updateAccount(accountId: string, set: Record<string, unknown>): Promise<Account> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const assignments = Object.entries(set).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  try {
    const { Attributes } = await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: accountKey(accountId),
        UpdateExpression: `SET ${assignments.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    const { pk: _pk, sk: _sk, type: _type, ...account } = Attributes ?? {};
    return account as Account;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') {
      throw new ApiError('not_found', `No account ${accountId}.`);
    }
    throw error;
  }
}

export async function setAccountPlan(accountId: string, planId: string): Promise<Account> {
  if (!findPlan(planId)) throw new ApiError('not_found', `No plan named ${planId}.`);
  return updateAccount(accountId, { plan_id: planId });
}

export async function setSubscriptionStatus(accountId: string, status: SubscriptionStatus): Promise<Account> {
  const account = await requireAccount(accountId);
  return updateAccount(accountId, { subscription: { ...account.subscription, status } });
}
