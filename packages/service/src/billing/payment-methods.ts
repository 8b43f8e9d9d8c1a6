import { ApiError } from '@webcapture/errors';
import type Stripe from 'stripe';
import { type Account, findPlan, requireAccount } from '../accounts';
import { stripeClient } from './config';
import { callStripe } from './stripe-errors';

export interface PaymentMethodView {
  id: string;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  default: boolean;
}

const notFound = (id: string) => new ApiError('not_found', `No payment method ${id} on this account.`);

async function customerState(customerId: string) {
  const stripe = stripeClient();
  const [customer, methods] = await Promise.all([
    callStripe('read the customer', () => stripe.customers.retrieve(customerId)),
    callStripe('list payment methods', () => stripe.customers.listPaymentMethods(customerId, { limit: 100 })),
  ]);
  const invoiceDefault = customer.deleted ? null : customer.invoice_settings?.default_payment_method;
  const defaultId = typeof invoiceDefault === 'string' ? invoiceDefault : (invoiceDefault?.id ?? null);
  return { defaultId, methods: methods.data };
}

function view(method: Stripe.PaymentMethod, defaultId: string | null): PaymentMethodView {
  return {
    id: method.id,
    brand: method.card?.brand ?? null,
    last4: method.card?.last4 ?? null,
    exp_month: method.card?.exp_month ?? null,
    exp_year: method.card?.exp_year ?? null,
    default: method.id === defaultId,
  };
}

export async function listPaymentMethods(accountId: string): Promise<PaymentMethodView[]> {
  const { stripe_customer_id: customerId } = await requireAccount(accountId);
  if (!customerId) return [];
  const { defaultId, methods } = await customerState(customerId);
  return methods.map((method) => view(method, defaultId));
}

/** The account's customer and its state, with `id` among its methods, or 404: never another's. */
async function ownedMethod(accountId: string, id: string) {
  const account = await requireAccount(accountId);
  if (!account.stripe_customer_id) throw notFound(id);
  const state = await customerState(account.stripe_customer_id);
  const method = state.methods.find((candidate) => candidate.id === id);
  if (!method) throw notFound(id);
  return { account, customerId: account.stripe_customer_id, method, ...state };
}

export async function setDefaultPaymentMethod(accountId: string, id: string): Promise<PaymentMethodView> {
  const { customerId, method } = await ownedMethod(accountId, id);
  await callStripe('set the default payment method', () =>
    stripeClient().customers.update(customerId, { invoice_settings: { default_payment_method: id } }),
  );
  return view(method, id);
}

/** A paid plan whose subscription still runs needs a default payment method to renew. */
function needsPaymentMethod(account: Account): boolean {
  const paid = (findPlan(account.plan_id)?.price_usd_month ?? 0) > 0;
  return paid && !['canceled', 'expired'].includes(account.subscription.status);
}

/**
 * Detaches a payment method. The default one goes only when another remains (which becomes the
 * default) or when nothing is left to pay for; otherwise 409, so a renewal never finds no card.
 */
export async function detachPaymentMethod(accountId: string, id: string): Promise<void> {
  const { account, customerId, method, methods, defaultId } = await ownedMethod(accountId, id);
  const stripe = stripeClient();
  if (method.id === defaultId) {
    const successor = methods.find((candidate) => candidate.id !== id);
    if (!successor && needsPaymentMethod(account)) {
      throw new ApiError(
        'payment_method_required',
        `Payment method ${id} is the only one paying for the ${account.plan_id} plan. Add another payment method first, or cancel the plan.`,
        { details: { payment_method: id, plan_id: account.plan_id } },
      );
    }
    if (successor) {
      await callStripe('set the default payment method', () =>
        stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: successor.id },
        }),
      );
    }
  }
  await callStripe('detach the payment method', () => stripe.paymentMethods.detach(id));
}
