/**
 * The secrets a function may read, by the environment variable the code reads. On AWS none of them
 * is ever a plain environment variable (anyone with lambda:GetFunctionConfiguration could read it,
 * and a large proxy map could pass Lambda's 4 KB environment limit): each is an SSM SecureString
 * whose name the function gets in `<NAME>_PARAMETER`, read once at cold start (secrets.ts).
 * Locally the variable itself is set. Import-free: infrastructure code loads it.
 */

/**
 * The placeholder of an optional secret with no value (SSM refuses an empty parameter value):
 * secrets.ts leaves the variable unset when it reads this.
 */
export const SECRET_NOT_SET = 'not-set';

export const SECRETS = {
  /** Per-country egress proxies as JSON; the URLs carry credentials. `{}`: none. */
  PROXY_URLS: { component: 'ProxyUrls', placeholder: '{}' },
  /** HMAC key of signed content URLs (image_url, content_url); no placeholder, never guessable. */
  CONTENT_URL_SECRET: { component: 'ContentUrlSecret' },
  /**
   * Stripe (README, Billing): the API key, read by the billing routes, and the webhook endpoint's
   * signing secret, read by POST /v1/billing/webhook only. Not set: a stage that sells nothing
   * still deploys, the variable stays unset, and the billing routes answer 503.
   */
  STRIPE_SECRET_KEY: { component: 'StripeSecretKey', placeholder: SECRET_NOT_SET },
  STRIPE_WEBHOOK_SECRET: { component: 'StripeWebhookSecret', placeholder: SECRET_NOT_SET },
  /**
   * Web search API keys (POST /v1/search), read only by the search function; SEARCH_PROVIDERS
   * (stacks/config.ts) decides which are used. Not set: a stage deploys without it, the variable
   * stays unset, and search answers 503 naming it if SEARCH_PROVIDERS lists that provider.
   */
  BRAVE_API_KEY: { component: 'BraveApiKey', placeholder: SECRET_NOT_SET },
  SERPER_API_KEY: { component: 'SerperApiKey', placeholder: SECRET_NOT_SET },
} as const satisfies Record<string, { component: string; placeholder?: string }>;

export type SecretName = keyof typeof SECRETS;

/** The variable naming the SSM parameter that holds `secret`'s value on AWS. */
export function secretParameterVariable(secret: SecretName): string {
  return `${secret}_PARAMETER`;
}
