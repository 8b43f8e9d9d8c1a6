import type Stripe from 'stripe';
import { type Account, findPlan, type Subscription, type SubscriptionStatus } from '../accounts';
import { nowIso } from '../ids';
import { dunningGraceMs, planOfStripePrice } from './config';

/** What one Stripe event does to an account: the account it names, and its new billing fields. */
export interface BillingChange {
  accountId: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** True when the event starts a subscription (checkout, created): it becomes the account's one. */
  adopts: boolean;
  apply(account: Account, eventAt: Date): Partial<Account>;
}

const STATUS_OF: Partial<Record<Stripe.Subscription.Status, SubscriptionStatus>> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'unpaid',
  canceled: 'canceled',
  incomplete_expired: 'expired',
  // incomplete (first payment pending) and paused leave the account's state as it was.
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const isoOf = (epochSeconds: number) => nowIso(new Date(epochSeconds * 1000));

/**
 * The subscription with its new status. Payment trouble starts the dunning grace once (a second
 * failed retry does not extend it); a paid or trialing subscription has none.
 */
function withStatus(current: Subscription, status: SubscriptionStatus, eventAt: Date): Subscription {
  const next: Subscription = { ...current, status };
  if (status === 'past_due' || status === 'unpaid') {
    const inTrouble = current.status === 'past_due' || current.status === 'unpaid';
    next.grace_until =
      inTrouble && current.grace_until
        ? current.grace_until
        : nowIso(new Date(eventAt.getTime() + dunningGraceMs()));
  } else {
    delete next.grace_until;
  }
  return next;
}

function fromSubscription(subscription: Stripe.Subscription, deleted: boolean): BillingChange | undefined {
  const accountId = subscription.metadata?.account_id;
  if (!accountId) return undefined;
  const item = subscription.items?.data?.[0];
  return {
    accountId,
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
    adopts: !deleted,
    apply(account, eventAt) {
      const planId = item ? planOfStripePrice(item.price.id) : undefined;
      const status = deleted ? 'canceled' : STATUS_OF[subscription.status];
      let next: Subscription = status
        ? withStatus(account.subscription, status, eventAt)
        : account.subscription;
      if (item) {
        next = {
          ...next,
          current_period_start: isoOf(item.current_period_start),
          current_period_end: isoOf(item.current_period_end),
        };
      }
      const endedAt = subscription.ended_at ?? subscription.canceled_at;
      if (deleted && endedAt) next = { ...next, current_period_end: isoOf(endedAt) };
      return { subscription: next, ...(planId ? { plan_id: planId } : {}) };
    },
  };
}

function fromCheckout(session: Stripe.Checkout.Session): BillingChange | undefined {
  const accountId = session.client_reference_id ?? session.metadata?.account_id;
  if (!accountId || session.mode !== 'subscription') return undefined;
  const planId = session.metadata?.plan_id;
  return {
    accountId,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    adopts: true,
    apply(account, eventAt) {
      const paid = session.payment_status !== 'unpaid';
      return {
        subscription: paid ? withStatus(account.subscription, 'active', eventAt) : account.subscription,
        ...(planId && findPlan(planId) ? { plan_id: planId } : {}),
      };
    },
  };
}

function fromInvoice(invoice: Stripe.Invoice, paid: boolean): BillingChange | undefined {
  const details = invoice.parent?.subscription_details;
  const accountId = details?.metadata?.account_id;
  if (!details || !accountId) return undefined;
  return {
    accountId,
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(details.subscription),
    adopts: false,
    apply(account, eventAt) {
      const current = account.subscription;
      // A failed retry of an unpaid subscription keeps it unpaid; the first failure makes it past_due.
      const trouble = current.status === 'unpaid' ? 'unpaid' : 'past_due';
      return { subscription: withStatus(current, paid ? 'active' : trouble, eventAt) };
    },
  };
}

/** The change a Stripe event makes, or undefined for events (or objects) that concern no account. */
export function billingChangeOf(event: Stripe.Event): BillingChange | undefined {
  switch (event.type) {
    case 'checkout.session.completed':
      return fromCheckout(event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return fromSubscription(event.data.object, false);
    case 'customer.subscription.deleted':
      return fromSubscription(event.data.object, true);
    case 'invoice.paid':
      return fromInvoice(event.data.object, true);
    case 'invoice.payment_failed':
      return fromInvoice(event.data.object, false);
    default:
      return undefined;
  }
}
