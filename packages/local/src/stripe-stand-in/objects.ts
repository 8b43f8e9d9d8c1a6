import { randomUUID } from 'node:crypto';

/** Stripe-shaped objects as the API returns them: only the fields the service and the SDK's types read, plus ids and object names. */
// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are JSON; the stand-in builds them field by field.
export type StripeObject = Record<string, any>;

export const stripeId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
export const epochNow = () => Math.floor(Date.now() / 1000);
const MONTH_SECONDS = 30 * 86_400;

export class StandInNotFound extends Error {
  constructor(
    readonly kind: string,
    readonly id: string,
    readonly param = 'id',
  ) {
    super(`No such ${kind}: '${id}'`);
  }
}

/** The stand-in's account: in memory, gone when the runtime stops, as the emulators' queues are. */
export class StripeStore {
  readonly customers = new Map<string, StripeObject>();
  readonly prices = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  readonly paymentMethods = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  /** What a session sells, kept beside it: Stripe does not show these on the session object. */
  readonly sessionTerms = new Map<string, { price: string; subscriptionMetadata: Record<string, string> }>();

  constructor(prices: ReadonlyArray<{ id: string; unitAmount: number }>) {
    for (const price of prices) {
      this.prices.set(price.id, {
        id: price.id,
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: price.unitAmount,
        type: 'recurring',
        recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
        product: stripeId('prod'),
        lookup_key: null,
        metadata: {},
        created: epochNow(),
        livemode: false,
      });
    }
  }

  find(
    kind: 'customer' | 'price' | 'checkout.session' | 'payment_method' | 'subscription',
    id: string,
    param = 'id',
  ) {
    const table = {
      customer: this.customers,
      price: this.prices,
      'checkout.session': this.sessions,
      payment_method: this.paymentMethods,
      subscription: this.subscriptions,
    }[kind];
    const found = table.get(id);
    if (!found) throw new StandInNotFound(kind, id, param);
    return found;
  }

  createCustomer(name: string | undefined, metadata: Record<string, string>): StripeObject {
    const customer = {
      id: stripeId('cus'),
      object: 'customer',
      name: name ?? null,
      email: null,
      metadata,
      invoice_settings: {
        default_payment_method: null,
        custom_fields: null,
        footer: null,
        rendering_options: null,
      },
      created: epochNow(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** A card attached to a customer, as a completed Checkout (or a customer's own form) leaves it. */
  attachCard(customerId: string, card: { brand?: string; last4?: string } = {}): StripeObject {
    this.find('customer', customerId);
    const method = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      card: {
        brand: card.brand ?? 'visa',
        last4: card.last4 ?? '4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        country: 'US',
        funding: 'credit',
      },
      billing_details: { address: null, email: null, name: null, phone: null },
      metadata: {},
      created: epochNow(),
      livemode: false,
    };
    this.paymentMethods.set(method.id, method);
    return method;
  }

  methodsOf(customerId: string): StripeObject[] {
    return [...this.paymentMethods.values()].filter((method) => method.customer === customerId);
  }

  /** Paying a session: a card, a subscription carrying subscription_data.metadata, the session complete. */
  completeSession(sessionId: string): {
    session: StripeObject;
    subscription: StripeObject;
    invoice: StripeObject;
  } {
    const session = this.find('checkout.session', sessionId);
    const terms = this.sessionTerms.get(sessionId);
    if (!terms) throw new StandInNotFound('checkout.session', sessionId);
    const card = this.attachCard(session.customer);
    this.find('customer', session.customer).invoice_settings.default_payment_method = card.id;
    const now = epochNow();
    const subscription = {
      id: stripeId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      metadata: terms.subscriptionMetadata,
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: stripeId('si'),
            object: 'subscription_item',
            price: this.find('price', terms.price),
            quantity: 1,
            current_period_start: now,
            current_period_end: now + MONTH_SECONDS,
          },
        ],
      },
      default_payment_method: card.id,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: now,
      livemode: false,
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    return { session, subscription, invoice: this.invoiceOf(subscription, true) };
  }

  invoiceOf(subscription: StripeObject, paid: boolean): StripeObject {
    const amount = subscription.items.data[0].price.unit_amount;
    return {
      id: stripeId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: 'usd',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      attempt_count: 1,
      created: epochNow(),
      livemode: false,
    };
  }
}
