import { isLocalhostName } from '@webcapture/capture';
import { ApiError, isApiError } from '@webcapture/errors';
import { publicPlans } from '@webcapture/service';
import { z } from 'zod';
import { validate } from '../validation';

/** Plans a checkout can sell: the public catalogue's paid plans (custom plans are contracts). */
const PAID_PLAN_IDS = publicPlans()
  .filter((plan) => plan.price_usd_month > 0)
  .map((plan) => plan.id) as [string, ...string[]];

/**
 * Where Stripe sends the browser back: https, or http://localhost… on a deployment that allows
 * private targets (local development, where nothing serves https).
 */
const redirectUrl = z.url().superRefine((value, context) => {
  // zod runs refinements after a failed z.url() too; that failure already names the field.
  if (!URL.canParse(value)) return;
  const url = new URL(value);
  if (url.protocol === 'https:') return;
  const local = url.protocol === 'http:' && isLocalhostName(url.hostname);
  if (local && process.env.ALLOW_PRIVATE_TARGETS === 'true') return;
  context.addIssue({ code: 'custom', message: 'must be an https:// URL' });
});

export const checkoutBody = z.strictObject({
  plan_id: z.enum(PAID_PLAN_IDS).describe('A paid, non-custom plan of GET /v1/plans.'),
  success_url: redirectUrl.describe('Where Stripe Checkout returns after payment (https).'),
  cancel_url: redirectUrl.describe('Where Stripe Checkout returns when the customer leaves (https).'),
});

/** The signed event Stripe posts; only its signature and id matter before processing. */
export const stripeEventBody = z.looseObject({
  id: z.string().describe('Stripe event id (evt_…); each is applied once.'),
  type: z
    .string()
    .describe(
      'checkout.session.completed, customer.subscription.*, invoice.paid, invoice.payment_failed; others are acknowledged and ignored.',
    ),
});

/**
 * The spec answers field errors on the billing routes with 400, not the 422 of other routes: the
 * route's precheck runs its schema and re-raises a failure as 400, naming the same fields.
 */
export function fieldErrorsAre400(schema: z.ZodType): (input: unknown) => void {
  return (input) => {
    try {
      validate(schema, input, 'body');
    } catch (error) {
      if (!isApiError(error)) throw error;
      throw new ApiError(error.code, error.message, { status: 400, details: error.details });
    }
  };
}

export const checkoutResponse = z.strictObject({
  id: z.string().describe('The Stripe Checkout Session (cs_…).'),
  url: z.string().nullable().describe('Stripe-hosted page to send the customer to.'),
});

export const paymentMethodResponse = z.strictObject({
  id: z.string().describe('Stripe payment method id (pm_…).'),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  default: z.boolean().describe('Renewals charge this one.'),
});

export const paymentMethodListResponse = z.strictObject({ data: z.array(paymentMethodResponse) });

export const stripeEventAckResponse = z.strictObject({
  received: z.literal(true),
  outcome: z
    .enum(['applied', 'duplicate', 'stale', 'ignored'])
    .describe('duplicate: this event id was applied before; stale: a newer event already set the state.'),
});
