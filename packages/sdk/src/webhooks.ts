import { WebhookVerificationError as StandardWebhookError, Webhook } from 'standardwebhooks';
import type { webhooks } from '../generated/openapi';

/** The events the API sends, by name (the X-Service-Event header). */
export type WebhookEventName = keyof webhooks;
/** The body of one event, as the API's OpenAPI description gives it. */
export type WebhookPayload<E extends WebhookEventName = WebhookEventName> = E extends WebhookEventName
  ? webhooks[E]['post']['requestBody'] extends { content: { 'application/json': infer Body } }
    ? Body
    : never
  : never;

/** The signature, timestamp or id of a delivery did not check out: answer 4xx and drop it. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function standardHeaders(headers: HeaderSource): Record<string, string> {
  const read = (name: string): string => {
    if (headers instanceof Headers) return headers.get(name) ?? '';
    // Node's IncomingMessage headers are lower case; a plain object from elsewhere may not be.
    const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
    const value = key === undefined ? undefined : headers[key];
    return Array.isArray(value) ? value.join(' ') : (value ?? '');
  };
  return {
    'webhook-id': read('webhook-id'),
    'webhook-timestamp': read('webhook-timestamp'),
    'webhook-signature': read('webhook-signature'),
  };
}

/**
 * Checks a delivery against the account's signing secret (`whsec_…`, from GET
 * /v1/account/webhook-secret) per the Standard Webhooks specification — the signature over
 * "id.timestamp.body", and a timestamp within 5 minutes — and returns the parsed body.
 * `body` must be the raw bytes as received: a re-serialised object no longer matches.
 */
export function verifyWebhook<E extends WebhookEventName = WebhookEventName>(
  headers: HeaderSource,
  body: string | Uint8Array,
  secret: string,
): WebhookPayload<E> {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  try {
    return new Webhook(secret).verify(text, standardHeaders(headers)) as WebhookPayload<E>;
  } catch (error) {
    if (error instanceof StandardWebhookError) throw new WebhookVerificationError(error.message);
    throw error;
  }
}
