import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { newId, nowIso } from '../ids';
import { isConditionFailed } from '../transactions';
import { DEFAULT_PLAN_ID, findPlan, LIMIT_FIELDS, type LimitOverrides } from './plans';

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
  /** Dunning grace: while past_due/unpaid, requests are refused as impaired until then, as expired after. */
  grace_until?: string;
}

/**
 * A custom plan's overage agreement: credit-metered requests may go past the plan's monthly credits,
 * each extra credit priced at credit_price_usd, until the month's overage spend would pass the cap.
 */
export interface OverageAgreement {
  spending_cap_usd: number;
  credit_price_usd: number;
}

export interface Account {
  id: string;
  name: string;
  plan_id: string;
  subscription: Subscription;
  active_keys: number;
  created_at: string;
  /** Per-account replacements of plan limits (admin CLI). */
  overrides?: LimitOverrides;
  /** Only honoured on custom plans. */
  overage?: OverageAgreement | null;
  /** Billing through Stripe (billing/): the customer, created on the first checkout. */
  stripe_customer_id?: string;
  stripe_subscription_id?: string;
  /** Created time (epoch seconds) of the newest Stripe event applied: older ones never overwrite it. */
  stripe_event_at?: number;
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
    if (isConditionFailed(error)) {
      throw new ApiError('not_found', `No account ${accountId}.`);
    }
    throw error;
  }
}

const cache = new Map<string, { account: Promise<Account | undefined>; readAt: number }>();

/**
 * The account as admission needs it, read at most once per maxAgeMs per process: plan, overrides
 * and billing state changes reach other processes within that time. Requests arriving while the
 * account is being read wait for that one read rather than sending their own.
 */
export async function getAccountCached(accountId: string, maxAgeMs: number): Promise<Account | undefined> {
  const hit = cache.get(accountId);
  if (hit && Date.now() - hit.readAt < maxAgeMs) return hit.account;
  const read = getAccount(accountId);
  if (cache.size > 10_000) cache.clear();
  cache.set(accountId, { account: read, readAt: Date.now() });
  const forget = () => {
    if (cache.get(accountId)?.account === read) cache.delete(accountId);
  };
  try {
    const account = await read;
    if (!account) forget();
    return account;
  } catch (error) {
    forget();
    throw error;
  }
}

/** After a write made elsewhere (billing/): this process reads the account afresh next time. */
export function forgetCachedAccount(accountId: string): void {
  cache.delete(accountId);
}

async function updateAndForget(accountId: string, set: Record<string, unknown>): Promise<Account> {
  const account = await updateAccount(accountId, set);
  cache.delete(accountId);
  return account;
}

export async function setAccountPlan(accountId: string, planId: string): Promise<Account> {
  if (!findPlan(planId)) throw new ApiError('not_found', `No plan named ${planId}.`);
  return updateAndForget(accountId, { plan_id: planId });
}

/**
 * Admin CLI: the subscription state. graceUntil (ISO timestamp) sets the dunning grace of a
 * past_due/unpaid account; null clears it; undefined leaves it as it is.
 */
export async function setSubscriptionStatus(
  accountId: string,
  status: SubscriptionStatus,
  options: { graceUntil?: string | null; currentPeriodEnd?: string } = {},
): Promise<Account> {
  if (!SUBSCRIPTION_STATUSES.includes(status)) {
    throw new ApiError('validation_error', `Unknown subscription status ${status}.`, { status: 422 });
  }
  const account = await requireAccount(accountId);
  const subscription: Subscription = { ...account.subscription, status };
  if (options.graceUntil === null) delete subscription.grace_until;
  else if (options.graceUntil !== undefined) subscription.grace_until = validTimestamp(options.graceUntil);
  if (options.currentPeriodEnd !== undefined) {
    subscription.current_period_end = validTimestamp(options.currentPeriodEnd);
  }
  return updateAndForget(accountId, { subscription });
}

function validTimestamp(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw new ApiError('validation_error', `Not an ISO 8601 timestamp: ${value}.`, { status: 422 });
  }
  return nowIso(new Date(time));
}

/** Admin CLI: replace plan limits for one account; null removes every override. */
export async function setAccountOverrides(
  accountId: string,
  overrides: LimitOverrides | null,
): Promise<Account> {
  const clean: LimitOverrides = {};
  for (const [field, value] of Object.entries(overrides ?? {})) {
    if (!(LIMIT_FIELDS as readonly string[]).includes(field)) {
      throw new ApiError('validation_error', `Unknown limit ${field}; one of ${LIMIT_FIELDS.join(', ')}.`, {
        status: 422,
      });
    }
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0) {
      throw new ApiError('validation_error', `${field} must be a non-negative integer.`, { status: 422 });
    }
    clean[field as keyof LimitOverrides] = value;
  }
  return updateAndForget(accountId, { overrides: clean });
}

/** Admin CLI: a custom plan's overage agreement (spending cap); null ends the agreement. */
export async function setSpendingCap(
  accountId: string,
  agreement: OverageAgreement | null,
): Promise<Account> {
  if (agreement) {
    const account = await requireAccount(accountId);
    if (!findPlan(account.plan_id)?.is_custom) {
      throw new ApiError('validation_error', 'Overage agreements exist only on custom plans.', {
        status: 422,
      });
    }
    if (!(agreement.spending_cap_usd >= 0) || !(agreement.credit_price_usd > 0)) {
      throw new ApiError('validation_error', 'spending_cap_usd must be ≥ 0 and credit_price_usd > 0.', {
        status: 422,
      });
    }
    return updateAndForget(accountId, {
      overage: { spending_cap_usd: agreement.spending_cap_usd, credit_price_usd: agreement.credit_price_usd },
    });
  }
  return updateAndForget(accountId, { overage: null });
}
