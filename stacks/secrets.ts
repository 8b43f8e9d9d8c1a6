/**
 * Secrets are set per stage with `npx sst secret set <Name> <value> --stage <stage>` and a deploy
 * fails, naming the secret, until they are.
 */
import {
  CONTENT_URL_SECRET,
  PROXY_URLS_SECRET,
  STRIPE_SECRET_KEY_SECRET,
  STRIPE_WEBHOOK_SECRET_SECRET,
} from './resource-names';

/** No egress proxies: every country goes out directly until the secret is set. */
export const NO_PROXIES = '{}';

export function createSecrets() {
  // Per-country egress proxies as JSON, {"DE": "http://user:pass@host:3128"}: a secret because the
  // URLs carry credentials. The placeholder lets a stage deploy without proxies.
  const proxyUrls = new sst.Secret(PROXY_URLS_SECRET, NO_PROXIES);
  // Webhook signing secrets are per account, in the table (GET /v1/account/webhook-secret).

  // Key for the HMAC-SHA256 tokens of signed content URLs (image_url, content_url); no
  // placeholder, so a stage cannot deploy with a guessable one.
  const contentUrlSecret = new sst.Secret(CONTENT_URL_SECRET);
  // Billing through Stripe (README, Billing): the API key and the webhook endpoint's signing
  // secret. No placeholder either: a stage must be wired to a Stripe account (test mode will do).
  const stripeSecretKey = new sst.Secret(STRIPE_SECRET_KEY_SECRET);
  const stripeWebhookSecret = new sst.Secret(STRIPE_WEBHOOK_SECRET_SECRET);
  return { proxyUrls, contentUrlSecret, stripeSecretKey, stripeWebhookSecret };
}
