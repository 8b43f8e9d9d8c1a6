import { ApiError, fieldError } from '@webcapture/errors';
import { requireAccount } from '../accounts';
import { stripeClient, stripePriceOfPlan } from './config';
import { ensureStripeCustomer } from './customers';
import { callStripe } from './stripe-errors';

export interface CheckoutRequest {
  plan_id: string;
  success_url: string;
  cancel_url: string;
}

/**
 * A Stripe Checkout Session in subscription mode for the plan's price. The account id rides on
 * the session (client_reference_id) and on the subscription's metadata, so every later event —
 * checkout, subscription and invoice alike — names the account it is about.
 */
export async function createCheckoutSession(
  accountId: string,
  request: CheckoutRequest,
): Promise<{ id: string; url: string | null }> {
  const price = stripePriceOfPlan(request.plan_id);
  if (!price) {
    throw new ApiError('validation_error', `Plan ${request.plan_id} is not sold on this deployment.`, {
      status: 400,
      details: {
        fields: [fieldError('plan_id', 'not_configured', 'no Stripe price is configured for this plan')],
      },
    });
  }
  const account = await requireAccount(accountId);
  const customer = await ensureStripeCustomer(account);
  const metadata = { account_id: accountId, plan_id: request.plan_id };
  const session = await callStripe('create a checkout session', () =>
    stripeClient().checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: accountId,
      line_items: [{ price, quantity: 1 }],
      success_url: request.success_url,
      cancel_url: request.cancel_url,
      metadata,
      subscription_data: { metadata },
    }),
  );
  return { id: session.id, url: session.url };
}
