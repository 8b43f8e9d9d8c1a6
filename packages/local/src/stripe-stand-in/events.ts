import { createHmac } from 'node:crypto';
import { epochNow, type StripeObject, stripeId } from './objects';

/** The API version stamped on events, as Stripe stamps the endpoint's version. */
const API_VERSION = '2026-10-28.endive';

export interface Delivery {
  event_id: string;
  type: string;
  status: number;
}

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
export function stripeSignature(payload: string, secret: string, timestamp = epochNow()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function stripeEvent(type: string, object: StripeObject): StripeObject {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: epochNow(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * Posts events one by one, in order, signed with the endpoint's secret, as Stripe's webhook
 * sender does (application/json, Stripe-Signature). Nothing is retried: a test sees each answer.
 */
export async function deliverEvents(
  target: { url: string; secret: string } | undefined,
  events: StripeObject[],
): Promise<Delivery[]> {
  if (!target) throw new Error('the Stripe stand-in has no webhook endpoint to deliver to');
  const deliveries: Delivery[] = [];
  for (const event of events) {
    const payload = JSON.stringify(event, null, 2);
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': stripeSignature(payload, target.secret),
      },
      body: payload,
    });
    await response.arrayBuffer();
    deliveries.push({ event_id: event.id, type: event.type, status: response.status });
  }
  return deliveries;
}
