import { getAccount } from '@webcapture/service';
import Stripe from 'stripe';
import { inject } from 'vitest';
import { api } from './api';

/** The local runtime's Stripe stand-in (packages/local/src/stripe-stand-in), as tests drive it. */
const standInBase = () => inject('awsEnv').STRIPE_API_BASE as string;

/** Its customer-side controls: pay a checkout, add a card, a renewal failing or paid, a cancellation. */
// biome-ignore lint/suspicious/noExplicitAny: tests index freely into the stand-in's JSON.
export async function standIn(path: string, method = 'POST', body?: unknown): Promise<any> {
  const response = await fetch(`${standInBase()}/_stand-in${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`stand-in ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The Stripe API requests the stand-in received, form parameters parsed. */
// biome-ignore lint/suspicious/noExplicitAny: form parameters nest freely; tests index into them.
export async function standInRequests(): Promise<Array<{ method: string; path: string; params: any }>> {
  return (await standIn('/requests', 'GET')).data;
}

/** Posts an event to the webhook route signed exactly as Stripe signs, with the deployment's secret. */
export async function postSignedEvent(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? (inject('awsEnv').STRIPE_WEBHOOK_SECRET as string),
    timestamp: options.timestamp,
  });
  return api('/v1/billing/webhook', { body: payload, headers: { 'stripe-signature': signature } });
}

let eventCounter = 0;

/** A Stripe event as Stripe sends it (`created` in seconds: the order the service compares). */
export function stripeEvent(type: string, object: object, created = Math.floor(Date.now() / 1000)) {
  eventCounter += 1;
  return {
    id: `evt_test_${Date.now()}_${eventCounter}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export async function subscriptionOf(accountId: string) {
  const account = await getAccount(accountId);
  if (!account) throw new Error(`no account ${accountId}`);
  return {
    ...account.subscription,
    plan_id: account.plan_id,
    stripe_subscription_id: account.stripe_subscription_id,
  };
}
