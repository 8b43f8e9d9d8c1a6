import { ApiError } from '@webcapture/errors';
import Stripe from 'stripe';

/**
 * Stripe's configuration: STRIPE_SECRET_KEY (the API key), STRIPE_WEBHOOK_SECRET (whsec_…, the
 * endpoint's signing secret), STRIPE_API_BASE (default https://api.stripe.com; the local runtime
 * points it at its stand-in) and STRIPE_PRICES (plan id → Stripe price id, `standard=price_…,growth=…`).
 */
let client: { stripe: Stripe; key: string; base: string } | undefined;

/** One SDK client per process, rebuilt only when its configuration changes (tests swap it). */
export function stripeClient(): Stripe {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) {
    throw new ApiError('service_unavailable', 'Billing is not configured on this deployment.');
  }
  const base = process.env.STRIPE_API_BASE || 'https://api.stripe.com';
  if (client?.key !== key || client.base !== base) {
    const url = new URL(base);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    client = {
      key,
      base,
      stripe: new Stripe(key, {
        host: url.hostname,
        port: url.port || (protocol === 'http' ? 80 : 443),
        protocol,
        maxNetworkRetries: 2,
        timeout: 20_000,
      }),
    };
  }
  return client.stripe;
}

export function stripeWebhookSecret(): string | undefined {
  return process.env.STRIPE_WEBHOOK_SECRET || undefined;
}

function parsePrices(): Map<string, string> {
  const prices = new Map<string, string>();
  for (const pair of (process.env.STRIPE_PRICES ?? '').split(',')) {
    const [planId, priceId] = pair.split('=').map((part) => part.trim());
    if (planId && priceId) prices.set(planId, priceId);
  }
  return prices;
}

/** The Stripe price a plan is sold at, from STRIPE_PRICES; undefined when the plan is not sold. */
export function stripePriceOfPlan(planId: string): string | undefined {
  return parsePrices().get(planId);
}

/** The plan a Stripe price sells (subscription events name prices, not plans). */
export function planOfStripePrice(priceId: string): string | undefined {
  for (const [planId, price] of parsePrices()) if (price === priceId) return planId;
  return undefined;
}

/** Days a past_due/unpaid subscription keeps impaired (not expired) access: BILLING_DUNNING_GRACE_DAYS, default 14. */
export function dunningGraceMs(): number {
  const raw = process.env.BILLING_DUNNING_GRACE_DAYS ?? '14';
  const days = Number(raw);
  if (!Number.isFinite(days) || days < 0) {
    throw new Error(`BILLING_DUNNING_GRACE_DAYS must be a non-negative number, got "${raw}"`);
  }
  return days * 86_400_000;
}
