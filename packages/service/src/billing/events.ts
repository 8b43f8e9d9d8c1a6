import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { type Account, accountKey, forgetCachedAccount, getAccount } from '../accounts';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { isConditionFailed } from '../transactions';
import { type BillingChange, billingChangeOf } from './subscription-changes';

/** Stripe retries a delivery for up to three days; its claim outlives that. */
const EVENT_CLAIM_SECONDS = 7 * 86_400;
const eventKey = (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'STRIPE_EVENT' });

export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/**
 * Applies one verified Stripe event at most once: the event id is claimed with a conditional put
 * first, and the claim is released if applying fails, so Stripe's retry can apply it then.
 */
export async function processStripeEvent(event: Stripe.Event): Promise<EventOutcome> {
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...eventKey(event.id),
          type: 'stripe_event',
          event_type: event.type,
          expiresAt: Math.floor(Date.now() / 1000) + EVENT_CLAIM_SECONDS,
        },
        // One application per event id, however often Stripe delivers it.
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailed(error)) return 'duplicate';
    throw error;
  }
  try {
    const change = billingChangeOf(event);
    return change ? await applyChange(change, event.created) : 'ignored';
  } catch (error) {
    await dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: eventKey(event.id) }));
    throw error;
  }
}

/** An event about another customer's or an older subscription than the account's own changes nothing. */
function concernsAccount(account: Account, change: BillingChange): boolean {
  if (change.customerId && account.stripe_customer_id && change.customerId !== account.stripe_customer_id) {
    return false;
  }
  return (
    change.adopts ||
    !account.stripe_subscription_id ||
    change.subscriptionId === account.stripe_subscription_id
  );
}

/**
 * Writes the change unless the account already reflects a newer event (Stripe does not deliver in
 * order). Read, compute, then write on the condition that stripe_event_at is still what was read,
 * so two events applied at once never interleave; the loser reads again.
 */
async function applyChange(change: BillingChange, eventAt: number): Promise<EventOutcome> {
  for (let attempt = 0; ; attempt++) {
    const account = await getAccount(change.accountId);
    if (!account || !concernsAccount(account, change)) return 'ignored';
    const seen = account.stripe_event_at;
    if (seen !== undefined && seen > eventAt) return 'stale';
    const set: Record<string, unknown> = {
      ...change.apply(account, new Date(eventAt * 1000)),
      stripe_event_at: eventAt,
      ...(change.adopts && change.subscriptionId ? { stripe_subscription_id: change.subscriptionId } : {}),
      ...(change.customerId && !account.stripe_customer_id ? { stripe_customer_id: change.customerId } : {}),
    };
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: accountKey(change.accountId),
          UpdateExpression: `SET ${Object.keys(set)
            .map((_, i) => `#f${i} = :v${i}`)
            .join(', ')}`,
          // Nothing applied in between: the newest event wins, whatever order they arrive in.
          ConditionExpression:
            seen === undefined ? 'attribute_not_exists(stripe_event_at)' : 'stripe_event_at = :seen',
          ExpressionAttributeNames: Object.fromEntries(Object.keys(set).map((field, i) => [`#f${i}`, field])),
          ExpressionAttributeValues: {
            ...Object.fromEntries(Object.values(set).map((value, i) => [`:v${i}`, value])),
            ...(seen === undefined ? {} : { ':seen': seen }),
          },
        }),
      );
      forgetCachedAccount(change.accountId);
      return 'applied';
    } catch (error) {
      if (!isConditionFailed(error) || attempt >= 4) throw error;
    }
  }
}
