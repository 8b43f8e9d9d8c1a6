import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Delivery, deliverEvents, stripeEvent } from './events';
import { type FormObject, listOf, metadataOf, parseStripeForm, textOf } from './form';
import { epochNow, StandInNotFound, type StripeObject, StripeStore, stripeId } from './objects';

export interface StripeStandInOptions {
  /** The only API key it accepts (Authorization: Bearer …), as STRIPE_SECRET_KEY. */
  secretKey: string;
  /** Prices it knows, as the deployment's STRIPE_PRICES names them. */
  prices: ReadonlyArray<{ id: string; unitAmount: number }>;
}

export interface StripeStandIn {
  endpoint: string;
  /** Where its events go, signed with `secret` (STRIPE_WEBHOOK_SECRET). */
  deliverTo(url: string, secret: string): void;
  stop(): Promise<void>;
}

interface Call {
  method: string;
  path: string[];
  form: FormObject;
  json: StripeObject;
}

type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });

class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeObject,
  ) {
    super(error.message);
  }
}

/**
 * A stand-in for the few Stripe API endpoints the service calls (customers, prices, checkout
 * sessions, payment methods), in Stripe's wire format — form-encoded requests, Stripe's objects
 * and error shape — so the official SDK runs unchanged against it. It is not Stripe: no charges,
 * no hosted pages. Under /_stand-in/ it plays the customer's side (paying a Checkout, adding a
 * card, a renewal failing, a cancellation) and sends the events Stripe would, signed as Stripe signs.
 */
export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const store = new StripeStore(options.prices);
  const requests: Array<{ method: string; path: string; params: FormObject }> = [];
  let target: { url: string; secret: string } | undefined;
  let endpoint = '';

  const stripeApi = (call: Call): Answer => {
    const { method, path, form } = call;
    // checkout/sessions is one resource name with a slash in it.
    const parts = path[1] === 'checkout' ? [path[0], `checkout/${path[2]}`, ...path.slice(3)] : path;
    const [, resource, id = '', action] = parts;
    const key = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'POST customers':
        return ok(store.createCustomer(textOf(form.name), metadataOf(form.metadata)));
      case 'GET customers/:id':
        return ok(store.find('customer', id));
      case 'POST customers/:id': {
        const customer = store.find('customer', id);
        const settings = form.invoice_settings;
        const wanted = typeof settings === 'object' ? textOf(settings.default_payment_method) : undefined;
        if (wanted !== undefined) {
          if (
            store.find('payment_method', wanted, 'invoice_settings[default_payment_method]').customer !== id
          ) {
            throw new StandInError(400, {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'invoice_settings[default_payment_method]',
              message: `No such PaymentMethod: '${wanted}'`,
            });
          }
          customer.invoice_settings.default_payment_method = wanted;
        }
        return ok(customer);
      }
      case 'DELETE customers/:id':
        store.find('customer', id);
        store.customers.delete(id);
        return ok({ id, object: 'customer', deleted: true });
      case 'GET customers/:id/payment_methods':
        store.find('customer', id);
        return ok(list(store.methodsOf(id), `/v1/customers/${id}/payment_methods`));
      case 'GET payment_methods/:id':
        return ok(store.find('payment_method', id));
      case 'POST payment_methods/:id/detach': {
        const methodObject = store.find('payment_method', id);
        if (!methodObject.customer) {
          throw new StandInError(400, {
            type: 'invalid_request_error',
            code: 'payment_method_unexpected_state',
            message:
              'The payment method you provided is not attached to a customer so detachment is impossible.',
          });
        }
        const customer = store.customers.get(methodObject.customer);
        if (customer?.invoice_settings.default_payment_method === id) {
          customer.invoice_settings.default_payment_method = null;
        }
        methodObject.customer = null;
        return ok(methodObject);
      }
      case 'GET prices':
        return ok(list([...store.prices.values()], '/v1/prices'));
      case 'GET prices/:id':
        return ok(store.find('price', id));
      case 'POST checkout/sessions':
        return ok(createSession(form));
      default:
        throw new StandInError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: /${path.join('/')}). The Stripe stand-in implements only the endpoints the service uses.`,
        });
    }
  };

  const createSession = (form: FormObject): StripeObject => {
    const customer = textOf(form.customer);
    if (customer) store.find('customer', customer, 'customer');
    const [item] = listOf(form.line_items);
    const price = typeof item === 'object' ? textOf(item.price) : undefined;
    if (textOf(form.mode) !== 'subscription' || !price) {
      throw new StandInError(400, {
        type: 'invalid_request_error',
        message: 'The stand-in supports subscription-mode sessions with one line item only.',
      });
    }
    store.find('price', price, 'line_items[0][price]');
    const subscriptionData = form.subscription_data;
    const id = stripeId('cs_test');
    const session = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      customer: customer ?? null,
      client_reference_id: textOf(form.client_reference_id) ?? null,
      metadata: metadataOf(form.metadata),
      success_url: textOf(form.success_url) ?? null,
      cancel_url: textOf(form.cancel_url) ?? null,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      url: `${endpoint}/c/pay/${id}`,
      created: epochNow(),
      expires_at: epochNow() + 86_400,
      livemode: false,
    };
    store.sessions.set(id, session);
    store.sessionTerms.set(id, {
      price,
      subscriptionMetadata: metadataOf(
        typeof subscriptionData === 'object' ? subscriptionData.metadata : undefined,
      ),
    });
    return session;
  };

  /** The customer's side of Stripe, for tests and `npm start`: each answer lists the events delivered. */
  const standInControl = async (call: Call): Promise<Answer> => {
    const { method, path, json } = call;
    const [, resource, id = '', action] = path;
    const send = (events: StripeObject[]): Promise<Delivery[]> => deliverEvents(target, events);
    if (method === 'GET' && resource === 'requests') return ok({ data: requests });
    if (method === 'POST' && resource === 'checkout_sessions' && action === 'complete') {
      const { session, subscription, invoice } = store.completeSession(id);
      const deliveries = await send([
        stripeEvent('checkout.session.completed', session),
        stripeEvent('customer.subscription.created', subscription),
        stripeEvent('invoice.paid', invoice),
      ]);
      return ok({
        subscription: subscription.id,
        payment_method: subscription.default_payment_method,
        deliveries,
      });
    }
    if (method === 'POST' && resource === 'customers' && action === 'payment_methods') {
      return ok(store.attachCard(id, { brand: json.brand, last4: json.last4 }));
    }
    if (resource === 'subscriptions' && (method === 'POST' || method === 'DELETE')) {
      const subscription = store.find('subscription', id);
      if (method === 'DELETE') {
        Object.assign(subscription, { status: 'canceled', canceled_at: epochNow(), ended_at: epochNow() });
        return ok({ deliveries: await send([stripeEvent('customer.subscription.deleted', subscription)]) });
      }
      subscription.status = String(json.status);
      const invoiceEvent = subscription.status === 'active' ? 'invoice.paid' : 'invoice.payment_failed';
      const paid = subscription.status === 'active';
      return ok({
        deliveries: await send([
          stripeEvent(invoiceEvent, store.invoiceOf(subscription, paid)),
          stripeEvent('customer.subscription.updated', subscription),
        ]),
      });
    }
    throw new StandInError(404, {
      type: 'invalid_request_error',
      message: 'No such stand-in control route.',
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const known = error instanceof StandInError ? error : undefined;
      const missing = error instanceof StandInNotFound ? error : undefined;
      const status = known?.status ?? (missing ? 404 : 500);
      const body =
        known?.error ??
        (missing
          ? {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: missing.param,
              message: missing.message,
            }
          : { type: 'api_error', message: (error as Error).message });
      // Stripe answers a missing object named in the body (not the URL) with 400.
      const statusOf = missing && missing.param !== 'id' ? 400 : status;
      reply(res, statusOf, { error: body });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const raw = await readText(req);
    const path = url.pathname.split('/').filter(Boolean);
    const method = req.method ?? 'GET';
    if (path[0] === '_stand-in') {
      const json = raw ? (JSON.parse(raw) as StripeObject) : {};
      const answer = await standInControl({ method, path, form: {}, json });
      return reply(res, answer.status, answer.body);
    }
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      throw new StandInError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided. The stand-in accepts only the configured STRIPE_SECRET_KEY.',
      });
    }
    const form = parseStripeForm(method === 'GET' ? url.search.slice(1) : raw);
    requests.push({ method, path: url.pathname, params: form });
    const answer = stripeApi({ method, path, form, json: {} });
    reply(res, answer.status, answer.body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    deliverTo(url, secret) {
      target = { url, secret };
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

function list(data: StripeObject[], url: string): StripeObject {
  return { object: 'list', data, has_more: false, url };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
  res.end(JSON.stringify(body));
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
