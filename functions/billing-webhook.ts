import {
  defineRoute,
  jsonResponse,
  stripeEventBody,
  verifiedStripeEvent,
  verifyStripeSignature,
} from '@webcapture/http';
import { processStripeEvent } from '@webcapture/service';

/** Stripe's events; any 2xx tells Stripe to stop retrying, so duplicates and stale ones are 200 too. */
export const handler = defineRoute(
  'billing-webhook',
  { body: stripeEventBody, beforeAuth: verifyStripeSignature },
  async ({ event }) =>
    jsonResponse(200, { received: true, outcome: await processStripeEvent(verifiedStripeEvent(event)) }),
);
