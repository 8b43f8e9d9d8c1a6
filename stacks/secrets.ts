/**
 * Secrets are set per stage with `npx sst secret set <Name> <value> --stage <stage>` and a deploy
 * fails, naming the secret, until they are.
 */
import {
  BRAVE_API_KEY_SECRET,
  CONTENT_URL_SECRET,
  PROXY_URLS_SECRET,
  SERPER_API_KEY_SECRET,
} from './resource-names';

/** No egress proxies: every country goes out directly until the secret is set. */
export const NO_PROXIES = '{}';

/** A search provider's key not set: a stage deploys, and search names the variable (503) if listed. */
export const NO_SEARCH_KEY = '';

export function createSecrets() {
  // Per-country egress proxies as JSON, {"DE": "http://user:pass@host:3128"}: a secret because the
  // URLs carry credentials. The placeholder lets a stage deploy without proxies.
  const proxyUrls = new sst.Secret(PROXY_URLS_SECRET, NO_PROXIES);
  // Webhook signing secrets are per account, in the table (GET /v1/account/webhook-secret).

  // Key for the HMAC-SHA256 tokens of signed content URLs (image_url, content_url); no
  // placeholder, so a stage cannot deploy with a guessable one.
  const contentUrlSecret = new sst.Secret(CONTENT_URL_SECRET);
  // Web search API keys (POST /v1/search), seen only by the search function; SEARCH_PROVIDERS
  // (stacks/config.ts) decides which are used.
  const braveApiKey = new sst.Secret(BRAVE_API_KEY_SECRET, NO_SEARCH_KEY);
  const serperApiKey = new sst.Secret(SERPER_API_KEY_SECRET, NO_SEARCH_KEY);
  return { proxyUrls, contentUrlSecret, braveApiKey, serperApiKey };
}
