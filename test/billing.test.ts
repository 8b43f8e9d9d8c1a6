import {
  checkoutResponse,
  paymentMethodListResponse,
  paymentMethodResponse,
  stripeEventAckResponse,
} from '@webcapture/http';
import { getAccount } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import {
  postSignedEvent,
  standIn,
  standInRequests,
  stripeEvent,
  subscriptionOf,
} from './support/stripe-stand-in';
import { until } from './support/until';

const CHECKOUT = {
  plan_id: 'standard',
  success_url: 'https://example.com/ok',
  cancel_url: 'https://example.com/no',
};

/** An account on the free plan that went through Checkout for `standard`: active, one default card. */
async function subscribedAccount() {
  const account = await newAccountWithKey();
  const checkout = await api('/v1/billing/checkout', { key: account.key, body: CHECKOUT });
  expect(checkout.status).toBe(200);
  const paid = await standIn(`/checkout_sessions/${checkout.json.id}/complete`);
  expect(paid.deliveries.map((d: { status: number }) => d.status)).toEqual([200, 200, 200]);
  return {
    ...account,
    sessionId: checkout.json.id as string,
    subscriptionId: paid.subscription as string,
    cardId: paid.payment_method as string,
  };
}

describe('POST /v1/billing/checkout', () => {
  it('answers field errors with 400 validation_error naming the field', async () => {
    const { key } = await newAccountWithKey();
    const cases: Array<[object, string]> = [
      [{ ...CHECKOUT, plan_id: undefined }, 'plan_id'],
      [{ ...CHECKOUT, plan_id: 'free' }, 'plan_id'],
      [{ ...CHECKOUT, plan_id: 'enterprise' }, 'plan_id'],
      [{ ...CHECKOUT, success_url: 'http://example.com/ok' }, 'success_url'],
      [{ ...CHECKOUT, cancel_url: 'not a url' }, 'cancel_url'],
      [{ ...CHECKOUT, coupon: 'FREE' }, '"field":"coupon","reason":"unknown_field"'],
    ];
    for (const [body, field] of cases) {
      const response = await api('/v1/billing/checkout', { key, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.code).toBe('validation_error');
      expect(JSON.stringify(response.json.error.details.fields)).toContain(field);
    }
  });

  it('accepts http://localhost return URLs where private targets are allowed (the test runtime)', async () => {
    const { key } = await newAccountWithKey();
    const body = {
      ...CHECKOUT,
      success_url: 'http://localhost:3000/ok',
      cancel_url: 'http://localhost:3000/no',
    };
    expect((await api('/v1/billing/checkout', { key, body })).status).toBe(200);
  });

  it('creates a subscription session for the plan price and the account customer, made once', async () => {
    const { key, accountId } = await newAccountWithKey();
    const first = await api('/v1/billing/checkout', { key, body: CHECKOUT });
    expect(first.status).toBe(200);
    checkoutResponse.parse(first.json);
    expect(first.json).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: expect.stringContaining(first.json.id),
    });
    const second = await api('/v1/billing/checkout', { key, body: { ...CHECKOUT, plan_id: 'growth' } });
    expect(second.status).toBe(200);

    const requests = await standInRequests();
    const customers = requests.filter(
      (r) => r.path === '/v1/customers' && r.params.metadata?.account_id === accountId,
    );
    expect(customers).toHaveLength(1);
    const sessions = requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.params.client_reference_id === accountId,
    );
    expect(sessions).toHaveLength(2);
    const customerId = await customerIdOf(accountId);
    expect(customerId).toMatch(/^cus_/);
    expect(sessions.map((s) => s.params.customer)).toEqual([customerId, customerId]);
    expect(sessions[0]?.params).toMatchObject({
      mode: 'subscription',
      line_items: { 0: { price: 'price_local_standard', quantity: '1' } },
      subscription_data: { metadata: { account_id: accountId, plan_id: 'standard' } },
      success_url: CHECKOUT.success_url,
      cancel_url: CHECKOUT.cancel_url,
    });
    expect(sessions[1]?.params.line_items[0].price).toBe('price_local_growth');
  });

  it('completing the checkout moves the account to the plan, active', async () => {
    const { accountId, subscriptionId } = await subscribedAccount();
    expect(await subscriptionOf(accountId)).toMatchObject({
      status: 'active',
      plan_id: 'standard',
      stripe_subscription_id: subscriptionId,
    });
  });
});

describe('payment methods', () => {
  it('lists, sets the default and detaches; the last default of a paid plan stays (409)', async () => {
    const { key, accountId, cardId } = await subscribedAccount();
    let list = await api('/v1/billing/payment-methods', { key });
    expect(list.status).toBe(200);
    paymentMethodListResponse.parse(list.json);
    expect(list.json.data).toEqual([
      {
        id: cardId,
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: expect.any(Number),
        default: true,
      },
    ]);

    const lonely = await api(`/v1/billing/payment-methods/${cardId}`, { key, method: 'DELETE' });
    expect(lonely.status).toBe(409);
    expect(lonely.json.error.code).toBe('payment_method_required');
    expect(lonely.json.error.message).toMatch(/only one paying for the standard plan/);

    const customerId = await customerIdOf(accountId);
    const second = await standIn(`/customers/${customerId}/payment_methods`, 'POST', {
      brand: 'mastercard',
      last4: '4444',
    });
    const made = await api(`/v1/billing/payment-methods/${second.id}`, { key, method: 'PUT' });
    expect(made.status).toBe(200);
    paymentMethodResponse.parse(made.json);
    expect(made.json).toMatchObject({ id: second.id, brand: 'mastercard', last4: '4444', default: true });
    list = await api('/v1/billing/payment-methods', { key });
    expect(list.json.data.map((m: { id: string; default: boolean }) => [m.id, m.default])).toEqual([
      [cardId, false],
      [second.id, true],
    ]);

    // The default goes when another remains, which becomes the default.
    expect((await api(`/v1/billing/payment-methods/${second.id}`, { key, method: 'DELETE' })).status).toBe(
      204,
    );
    list = await api('/v1/billing/payment-methods', { key });
    expect(list.json.data).toEqual([expect.objectContaining({ id: cardId, default: true })]);
  });

  it('never touches another account’s payment method: 404 on PUT and DELETE', async () => {
    const owner = await subscribedAccount();
    const stranger = await subscribedAccount();
    for (const method of ['PUT', 'DELETE']) {
      const response = await api(`/v1/billing/payment-methods/${owner.cardId}`, {
        key: stranger.key,
        method,
      });
      expect(response.status).toBe(404);
      expect(response.json.error.code).toBe('not_found');
      const unknown = await api('/v1/billing/payment-methods/pm_doesnotexist', { key: stranger.key, method });
      expect(unknown.status).toBe(404);
    }
    const fresh = await newAccountWithKey();
    expect((await api('/v1/billing/payment-methods', { key: fresh.key })).json).toEqual({ data: [] });
    const foreign = await api(`/v1/billing/payment-methods/${owner.cardId}`, {
      key: fresh.key,
      method: 'PUT',
    });
    expect(foreign.status).toBe(404);
    const list = await api('/v1/billing/payment-methods', { key: owner.key });
    expect(list.json.data).toEqual([expect.objectContaining({ id: owner.cardId, default: true })]);
  });
});

async function customerIdOf(accountId: string): Promise<string | undefined> {
  return (await getAccount(accountId))?.stripe_customer_id;
}

describe('POST /v1/billing/webhook', () => {
  it('refuses a missing, wrong, stale or tampered signature with 400, changing nothing', async () => {
    const { accountId } = await subscribedAccount();
    const event = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(accountId, 'sub_x', 'past_due'),
    );
    const payload = JSON.stringify(event);
    const missing = await api('/v1/billing/webhook', { body: payload });
    expect(missing.status).toBe(400);
    expect(missing.json.error.code).toBe('validation_error');
    expect((await postSignedEvent(event, { secret: 'whsec_someone_else' })).status).toBe(400);
    const old = await postSignedEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(old.status).toBe(400);
    const tampered = await api('/v1/billing/webhook', {
      body: payload.replace('past_due', 'active'),
      headers: { 'stripe-signature': 't=1,v1=00' },
    });
    expect(tampered.status).toBe(400);
    const garbage = await api('/v1/billing/webhook', {
      body: '{not json',
      headers: { 'stripe-signature': 'nonsense' },
    });
    expect(garbage.status).toBe(400);
    expect((await subscriptionOf(accountId)).status).toBe('active');
  });
});

describe('Stripe events move the subscription, and captures follow', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite();
  });
  afterAll(async () => {
    await site.close();
  });

  /** A capture's status once the account cache (1 s in tests) has seen the change. */
  const captureSettlesOn = (key: string, status: number, code?: string) =>
    until(
      () => api('/v1/fetch', { key, body: { url: `${site.url}/text`, cache_ttl: 0 } }),
      (response) => response.status === status && (code === undefined || response.json.error?.code === code),
      `a capture answering ${status} ${code ?? ''}`,
      { timeoutMs: 10_000 },
    );

  it('past_due and unpaid impair (402), payment lifts it, deletion expires it, a new checkout restores it', async () => {
    const { key, accountId, subscriptionId } = await subscribedAccount();
    await captureSettlesOn(key, 200);

    const failed = await standIn(`/subscriptions/${subscriptionId}`, 'POST', { status: 'past_due' });
    expect(failed.deliveries.map((d: { type: string; status: number }) => [d.type, d.status])).toEqual([
      ['invoice.payment_failed', 200],
      ['customer.subscription.updated', 200],
    ]);
    const pastDue = await subscriptionOf(accountId);
    expect(pastDue.status).toBe('past_due');
    // The dunning grace (14 days by default) starts at the first failure.
    expect(Date.parse(pastDue.grace_until as string) - Date.now()).toBeGreaterThan(13 * 86_400_000);
    const impaired = await captureSettlesOn(key, 402, 'billing_entitlement_impaired');
    expect(impaired.json.error.message).toMatch(/past due/);

    await standIn(`/subscriptions/${subscriptionId}`, 'POST', { status: 'unpaid' });
    const unpaid = await subscriptionOf(accountId);
    expect(unpaid).toMatchObject({ status: 'unpaid', grace_until: pastDue.grace_until });
    await captureSettlesOn(key, 402, 'billing_entitlement_impaired');

    await standIn(`/subscriptions/${subscriptionId}`, 'POST', { status: 'active' });
    expect((await subscriptionOf(accountId)).grace_until).toBeUndefined();
    await captureSettlesOn(key, 200);

    await standIn(`/subscriptions/${subscriptionId}`, 'DELETE');
    expect((await subscriptionOf(accountId)).status).toBe('canceled');
    const expired = await captureSettlesOn(key, 402, 'billing_entitlement_expired');
    expect(expired.json.error.details.subscription_status).toBe('canceled');

    const again = await api('/v1/billing/checkout', { key, body: { ...CHECKOUT, plan_id: 'growth' } });
    const renewed = await standIn(`/checkout_sessions/${again.json.id}/complete`);
    expect(await subscriptionOf(accountId)).toMatchObject({
      status: 'active',
      plan_id: 'growth',
      stripe_subscription_id: renewed.subscription,
    });
    await captureSettlesOn(key, 200);
  });

  it('applies each event once: a replayed event changes nothing', async () => {
    const { accountId, subscriptionId } = await subscribedAccount();
    const now = Math.floor(Date.now() / 1000);
    const failure = stripeEvent('invoice.payment_failed', invoiceObject(accountId, subscriptionId), now + 1);
    const applied = await postSignedEvent(failure);
    stripeEventAckResponse.parse(applied.json);
    expect(applied.json).toEqual({ received: true, outcome: 'applied' });
    expect((await subscriptionOf(accountId)).status).toBe('past_due');
    const paid = stripeEvent('invoice.paid', invoiceObject(accountId, subscriptionId), now + 2);
    expect((await postSignedEvent(paid)).json.outcome).toBe('applied');
    const replay = await postSignedEvent(failure);
    expect(replay.status).toBe(200);
    expect(replay.json.outcome).toBe('duplicate');
    expect((await subscriptionOf(accountId)).status).toBe('active');
  });

  it('never lets an older event overwrite newer state', async () => {
    const { accountId, subscriptionId } = await subscribedAccount();
    const now = Math.floor(Date.now() / 1000);
    const newer = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(accountId, subscriptionId, 'active'),
      now + 20,
    );
    const older = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(accountId, subscriptionId, 'past_due'),
      now + 10,
    );
    expect((await postSignedEvent(newer)).json.outcome).toBe('applied');
    expect(await subscriptionOf(accountId)).toMatchObject({
      status: 'active',
      plan_id: 'growth',
      current_period_end: '2030-04-16T17:46:40.000Z',
    });
    const late = await postSignedEvent(older);
    expect(late.status).toBe(200);
    expect(late.json.outcome).toBe('stale');
    expect((await subscriptionOf(accountId)).status).toBe('active');
  });

  it('ignores events about a subscription that is not the account’s', async () => {
    const { accountId } = await subscribedAccount();
    const stray = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject(accountId, 'sub_old', 'canceled'),
    );
    expect((await postSignedEvent(stray)).json.outcome).toBe('ignored');
    expect((await subscriptionOf(accountId)).status).toBe('active');
  });
});

describe('the billing scope', () => {
  it('is needed on every billing route; the webhook takes no key', async () => {
    const { key } = await newAccountWithKey({ scopes: ['capture', 'read', 'keys'] });
    const calls: Array<[string, string, object | undefined]> = [
      ['POST', '/v1/billing/checkout', CHECKOUT],
      ['GET', '/v1/billing/payment-methods', undefined],
      ['PUT', '/v1/billing/payment-methods/pm_x', undefined],
      ['DELETE', '/v1/billing/payment-methods/pm_x', undefined],
    ];
    for (const [method, path, body] of calls) {
      const response = await api(path, { key, method, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.json.error.code).toBe('forbidden');
      expect((await api(path, { method, body })).status).toBe(401);
    }
    const billingOnly = await newAccountWithKey({ scopes: ['billing'] });
    expect((await api('/v1/billing/payment-methods', { key: billingOnly.key })).status).toBe(200);
  });
});

function subscriptionObject(accountId: string, subscriptionId: string, status: string) {
  return {
    id: subscriptionId,
    object: 'subscription',
    customer: null,
    status,
    metadata: { account_id: accountId },
    canceled_at: null,
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_test',
          object: 'subscription_item',
          price: { id: 'price_local_growth', object: 'price' },
          current_period_start: 1_900_000_000,
          current_period_end: 1_902_592_000,
        },
      ],
    },
  };
}

function invoiceObject(accountId: string, subscriptionId: string) {
  return {
    id: 'in_test',
    object: 'invoice',
    customer: null,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: { account_id: accountId } },
    },
  };
}
