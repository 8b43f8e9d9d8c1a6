/**
 * The secrets a function may read, by the environment variable the code reads. On AWS none of them
 * is ever a plain environment variable (anyone with lambda:GetFunctionConfiguration could read it,
 * and a large proxy map could pass Lambda's 4 KB environment limit): each is an SSM SecureString
 * whose name the function gets in `<NAME>_PARAMETER`, read once at cold start (secrets.ts).
 * Locally the variable itself is set. Import-free: infrastructure code loads it.
 */
export const SECRETS = {
  /** Per-country egress proxies as JSON; the URLs carry credentials. `{}`: none. */
  PROXY_URLS: { component: 'ProxyUrls', placeholder: '{}' },
  /** HMAC key of signed content URLs (image_url, content_url); no placeholder, never guessable. */
  CONTENT_URL_SECRET: { component: 'ContentUrlSecret' },
  STRIPE_SECRET_KEY: { component: 'StripeSecretKey' },
  STRIPE_WEBHOOK_SECRET: { component: 'StripeWebhookSecret' },
  BRAVE_API_KEY: { component: 'BraveApiKey' },
} as const satisfies Record<string, { component: string; placeholder?: string }>;

export type SecretName = keyof typeof SECRETS;

/** The variable naming the SSM parameter that holds `secret`'s value on AWS. */
export function secretParameterVariable(secret: SecretName): string {
  return `${secret}_PARAMETER`;
}
