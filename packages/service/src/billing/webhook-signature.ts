import { ApiError } from '@webcapture/errors';
import Stripe from 'stripe';
import { stripeWebhookSecret } from './config';

/** Stripe's own default: a signed event older than this is refused as a possible replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event Stripe signed, or 400: `Stripe-Signature` is checked with the SDK's constructEvent
 * against STRIPE_WEBHOOK_SECRET over the exact bytes received, before anything is parsed or stored.
 */
export function verifyStripeEvent(payload: Buffer, signature: string | undefined): Stripe.Event {
  const secret = stripeWebhookSecret();
  if (!secret) {
    throw new ApiError('service_unavailable', 'Billing events are not configured on this deployment.');
  }
  if (!signature) {
    throw new ApiError('validation_error', 'The Stripe-Signature header is missing.', { status: 400 });
  }
  try {
    return Stripe.webhooks.constructEvent(payload, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    throw new ApiError('validation_error', 'The Stripe-Signature header does not verify for this body.', {
      status: 400,
      cause: error,
    });
  }
}

/** The verified event as the http package passes it on (it does not depend on the SDK itself). */
export type StripeEvent = Stripe.Event;
