import { type StripeEvent, verifyStripeEvent } from '@webcapture/service';

import { rawBody } from './middleware/json-body';
import { type ApiEvent, header } from './request';

const verified = new WeakMap<ApiEvent, StripeEvent>();

/**
 * POST /v1/billing/webhook runs this before its body is parsed: the signature is checked over
 * the exact bytes received, and an unsigned request is refused (400) before anything else runs.
 */
export function verifyStripeSignature(event: ApiEvent): void {
  verified.set(event, verifyStripeEvent(rawBody(event), header(event, 'stripe-signature')));
}

/** The event verifyStripeSignature accepted for this request. */
export function verifiedStripeEvent(event: ApiEvent): StripeEvent {
  const stripeEvent = verified.get(event);
  if (!stripeEvent) throw new Error('verifyStripeSignature did not run for this request');
  return stripeEvent;
}
