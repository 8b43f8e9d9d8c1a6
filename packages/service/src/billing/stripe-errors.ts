import { ApiError } from '@webcapture/errors';
import Stripe from 'stripe';

/**
 * Stripe's answers as our errors: an object missing from the URL is the caller's 404; anything else Stripe
 * refuses or fails at is ours to retry (503), never a 500 with Stripe's text in it.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) {
      throw new ApiError('not_found', `No such ${what} on this account.`);
    }
    if (error instanceof Stripe.errors.StripeError) {
      throw new ApiError('service_unavailable', `The payment provider could not ${what}; try again later.`, {
        cause: error,
        details: { provider_request_id: error.requestId },
      });
    }
    throw error;
  }
}
