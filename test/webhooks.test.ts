import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { postWebhook } from '@webcapture/capture';
import {
  webhookDeliveryPageResponse,
  webhookDeliveryResponse,
  webhookSecretResponse,
} from '@webcapture/http';
import {
  deliveryKey,
  dynamoClient,
  enqueueWebhook,
  processWebhookMessage,
  recordWebhookDelivery,
  rotateWebhookSecret,
  tableName,
} from '@webcapture/service';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from './fixtures/site';
import { startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { until } from './support/until';

let receiver: WebhookReceiver;
let site: FixtureSite;
beforeAll(async () => {
  [receiver, site] = await Promise.all([startWebhookReceiver(), startFixtureSite()]);
});
afterAll(async () => {
  await Promise.all([receiver.close(), site.close()]);
});

const savedPrivate = process.env.ALLOW_PRIVATE_TARGETS;
const savedOverlap = process.env.WEBHOOK_SECRET_OVERLAP_SECONDS;
afterEach(() => {
  process.env.ALLOW_PRIVATE_TARGETS = savedPrivate;
  if (savedOverlap === undefined) delete process.env.WEBHOOK_SECRET_OVERLAP_SECONDS;
  else process.env.WEBHOOK_SECRET_OVERLAP_SECONDS = savedOverlap;
});

async function secretOf(key: string): Promise<string> {
  const answer = await api('/v1/account/webhook-secret', { key });
  expect(answer.status).toBe(200);
  expect(webhookSecretResponse.safeParse(answer.json).error?.issues ?? []).toEqual([]);
  return answer.json.secret;
}

async function deliveries(key: string, query = '') {
  const listed = await api(`/v1/webhook-deliveries${query}`, { key });
  expect(listed.status).toBe(200);
  expect(webhookDeliveryPageResponse.safeParse(listed.json).error?.issues ?? []).toEqual([]);
  return listed.json.data as Array<{ id: string; status: string; [field: string]: unknown }>;
}

async function settled(key: string, id: string) {
  const delivery = await until(
    async () => (await deliveries(key)).find((found) => found.id === id),
    (found) => found !== undefined && found.status !== 'pending',
    `delivery ${id} to settle`,
  );
  if (!delivery) throw new Error(`no delivery ${id}`);
  return delivery;
}

const verify = (secret: string, hook: { headers: Record<string, string>; body: string }) =>
  new Webhook(secret).verify(hook.body, hook.headers);

/** A delivery to a fresh receiver endpoint, recorded without a queue message: the test runs the worker. */
async function recordedDelivery(statuses?: number[], options?: { delayMs?: number }) {
  const { accountId, key } = await newAccountWithKey();
  const target = receiver.endpoint(statuses, options);
  const delivery = await recordWebhookDelivery({
    accountId,
    url: target,
    event: 'scrape.completed',
    payload: {},
  });
  return { accountId, key, target, id: delivery.id, message: { accountId, deliveryId: delivery.id } };
}

describe('webhook signing secrets', () => {
  it('are created on first read, stable, per account, and need the keys scope', async () => {
    const a = await newAccountWithKey();
    const b = await newAccountWithKey();
    const first = await secretOf(a.key);
    expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await secretOf(a.key)).toBe(first);
    expect(await secretOf(b.key)).not.toBe(first);

    const reader = await newAccountWithKey({ scopes: ['read'] });
    const refused = await api('/v1/account/webhook-secret', { key: reader.key });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('forbidden');
  });
});

describe('webhook deliveries', () => {
  it("of an async scrape verify with the account's own secret and fail with another account's", async () => {
    const own = await newAccountWithKey({ planId: 'enterprise' });
    const other = await newAccountWithKey();
    const hook = receiver.endpoint();
    const queued = await api('/v1/scrape', {
      key: own.key,
      body: { url: `${site.url}/html`, async: true, webhook_url: hook, custom: { order: 7 } },
    });
    expect(queued.status).toBe(202);
    const [delivered] = await until(
      async () => receiver.received(hook),
      (got) => got.length > 0,
      'the scrape.completed webhook',
    );
    if (!delivered) throw new Error('unreachable');

    expect(delivered.headers['x-service-event']).toBe('scrape.completed');
    const ownSecret = await secretOf(own.key);
    const otherSecret = await secretOf(other.key);
    expect(verify(ownSecret, delivered)).toMatchObject({
      id: queued.json.id,
      status: 'completed',
      custom: { order: 7 },
    });
    expect(() => verify(otherSecret, delivered)).toThrow(/No matching signature/);
    // And a forgery signed with another account's secret does not pass for this account's.
    const forged = new Webhook(otherSecret).sign(
      delivered.headers['webhook-id'] as string,
      new Date(),
      delivered.body,
    );
    expect(() =>
      verify(ownSecret, { ...delivered, headers: { ...delivered.headers, 'webhook-signature': forged } }),
    ).toThrow(/No matching signature/);

    const [record] = await deliveries(own.key);
    expect(record).toMatchObject({ event: 'scrape.completed', url: hook, status: 'delivered' });
    expect(delivered.headers['webhook-id']).toBe(record?.id);
  });

  it('carry both signatures during a rotation overlap, and only the new one after it', async () => {
    const { accountId, key } = await newAccountWithKey();
    const before = await secretOf(key);

    const rotated = await api('/v1/account/webhook-secret/rotate', { key, method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(webhookSecretResponse.safeParse(rotated.json).error?.issues ?? []).toEqual([]);
    const after = rotated.json.secret as string;
    expect(after).not.toBe(before);
    expect(await secretOf(key)).toBe(after);
    const overlapEnds = Date.parse(rotated.json.previous_secret_expires_at);
    expect(overlapEnds - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

    const during = receiver.endpoint();
    const first = await enqueueWebhook({
      accountId,
      url: during,
      event: 'scrape.completed',
      payload: { n: 1 },
    });
    const [hook] = await until(
      async () => receiver.received(during),
      (got) => got.length > 0,
      'delivery',
    );
    if (!hook) throw new Error('unreachable');
    expect(hook.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verify(before, hook)).toEqual({ n: 1 });
    expect(verify(after, hook)).toEqual({ n: 1 });
    expect(hook.headers['webhook-id']).toBe(first.id);

    // A rotation with no overlap retires the replaced secret at once.
    process.env.WEBHOOK_SECRET_OVERLAP_SECONDS = '0';
    const latest = (await rotateWebhookSecret(accountId)).secret;
    const later = receiver.endpoint();
    await enqueueWebhook({ accountId, url: later, event: 'scrape.failed', payload: { n: 2 } });
    const [next] = await until(
      async () => receiver.received(later),
      (got) => got.length > 0,
      'delivery',
    );
    if (!next) throw new Error('unreachable');
    expect(next.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(verify(latest, next)).toEqual({ n: 2 });
    expect(() => verify(after, next)).toThrow();
  });

  it('retry with backoff, keep the webhook-id, and record every attempt', async () => {
    const { accountId, key } = await newAccountWithKey();
    const flaky = receiver.endpoint([500, 503, 204]);
    const delivery = await enqueueWebhook({ accountId, url: flaky, event: 'scrape.failed', payload: {} });
    const done = await settled(key, delivery.id);
    expect(done).toMatchObject({ status: 'delivered', failure_reason: null, next_attempt_at: null });
    expect(
      (done.attempts as Array<{ attempt: number; status_code: number }>).map((a) => [
        a.attempt,
        a.status_code,
      ]),
    ).toEqual([
      [1, 500],
      [2, 503],
      [3, 204],
    ]);
    const hooks = receiver.received(flaky);
    expect(hooks.map((hook) => hook.headers['webhook-id'])).toEqual([delivery.id, delivery.id, delivery.id]);
    const secret = await secretOf(key);
    for (const hook of hooks) expect(verify(secret, hook)).toEqual({});
  });

  it('give up after the last attempt of the schedule', async () => {
    const { accountId, key } = await newAccountWithKey();
    const down = receiver.endpoint([500]);
    const delivery = await enqueueWebhook({ accountId, url: down, event: 'scrape.failed', payload: {} });
    const done = await settled(key, delivery.id);
    // WEBHOOK_RETRY_DELAYS_SECONDS=1,1,1 in the test runtime: 4 attempts.
    expect(done).toMatchObject({ status: 'failed', failure_reason: 'exhausted', next_attempt_at: null });
    expect((done.attempts as unknown[]).length).toBe(4);
    expect(receiver.received(down)).toHaveLength(4);
  });

  it('stop at once on 410 Gone, and can be redelivered with the same id', async () => {
    const { accountId, key } = await newAccountWithKey();
    const gone = receiver.endpoint([410, 204]);
    const delivery = await enqueueWebhook({ accountId, url: gone, event: 'scrape.completed', payload: {} });
    const done = await settled(key, delivery.id);
    expect(done).toMatchObject({ status: 'failed', failure_reason: 'gone', next_attempt_at: null });
    expect(done.attempts).toHaveLength(1);
    expect(receiver.received(gone)).toHaveLength(1);

    const again = await api(`/v1/webhook-deliveries/${delivery.id}/redeliver`, { key, method: 'POST' });
    expect(again.status).toBe(202);
    expect(webhookDeliveryResponse.safeParse(again.json).error?.issues ?? []).toEqual([]);
    expect(again.json).toMatchObject({ id: delivery.id, status: 'pending', failure_reason: null });
    const redelivered = await settled(key, delivery.id);
    expect(redelivered.status).toBe('delivered');
    expect(
      (redelivered.attempts as Array<{ attempt: number; status_code: number }>).map((a) => [
        a.attempt,
        a.status_code,
      ]),
    ).toEqual([
      [1, 410],
      [2, 204],
    ]);
    expect(receiver.received(gone).map((hook) => hook.headers['webhook-id'])).toEqual([
      delivery.id,
      delivery.id,
    ]);

    const missing = await api('/v1/webhook-deliveries/wd_nothing/redeliver', { key, method: 'POST' });
    expect(missing.status).toBe(404);
    expect(missing.json.status).toBe('failed');
  });

  it('to a private address are refused by the SSRF guard at delivery time, final without retries', async () => {
    process.env.ALLOW_PRIVATE_TARGETS = 'false';
    const { key, target, id, message } = await recordedDelivery();
    expect(await processWebhookMessage(message, postWebhook)).toEqual({ done: true });
    const [record] = await deliveries(key);
    expect(record).toMatchObject({ id, status: 'failed', failure_reason: 'private_address' });
    expect(record?.attempts).toEqual([attemptLike(1, null, /^private_address/)]);
    expect(receiver.received(target)).toHaveLength(0);
  });

  it('are sent once when the same message is handled twice at the same time', async () => {
    const { key, target, message } = await recordedDelivery([204], { delayMs: 300 });
    const steps = await Promise.all([
      processWebhookMessage(message, postWebhook),
      processWebhookMessage(message, postWebhook),
    ]);
    expect(steps).toEqual([{ done: true }, { done: true }]);
    expect(await processWebhookMessage(message, postWebhook)).toEqual({ done: true });
    expect(receiver.received(target)).toHaveLength(1);
    const [record] = await deliveries(key);
    expect(record).toMatchObject({ status: 'delivered' });
    expect(record?.attempts).toHaveLength(1);
  });

  it('record an attempt whose worker died before recording it, then carry on', async () => {
    const { key, message } = await recordedDelivery();
    await leaveDeadClaim(message, 1);
    expect(await processWebhookMessage(message, postWebhook)).toEqual({ done: true });
    const [record] = await deliveries(key);
    expect(record?.status).toBe('delivered');
    expect(record?.attempts).toEqual([attemptLike(1, null, /^interrupted/), attemptLike(2, 204, null)]);
  });

  it('give up without sending again when the lost attempt was the last of the schedule', async () => {
    const { key, target, message } = await recordedDelivery();
    // The test schedule has 4 attempts: the dead worker had claimed the 4th.
    await leaveDeadClaim(message, 4);
    expect(await processWebhookMessage(message, postWebhook)).toEqual({ done: true });
    const [record] = await deliveries(key);
    expect(record).toMatchObject({ status: 'failed', failure_reason: 'exhausted', next_attempt_at: null });
    expect(record?.attempts).toEqual([attemptLike(4, null, /^interrupted/)]);
    expect(receiver.received(target)).toHaveLength(0);
  });
});

function attemptLike(attempt: number, status_code: number | null, error: RegExp | null) {
  return expect.objectContaining({
    attempt,
    status_code,
    error: error ? expect.stringMatching(error) : null,
  });
}

/** What a worker killed mid-attempt leaves behind: attempt `n` claimed, its lease run out. */
async function leaveDeadClaim(message: { accountId: string; deliveryId: string }, n: number) {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: deliveryKey(message.accountId, message.deliveryId),
      UpdateExpression:
        'SET attempt_count = :n, round_attempts = :n, lease_id = :lease, lease_until = :past, lease_started_at = :at',
      ExpressionAttributeValues: {
        ':n': n,
        ':lease': 'dead-worker',
        ':past': Date.now() - 1,
        ':at': new Date().toISOString(),
      },
    }),
  );
}

describe('GET /v1/webhook-deliveries', () => {
  it('filters by event and by status, newest first', async () => {
    const { accountId, key } = await newAccountWithKey();
    const record = (event: 'scrape.completed' | 'scrape.failed' | 'bulk.completed') =>
      recordWebhookDelivery({ accountId, url: receiver.endpoint(), event, payload: {} });
    const a = await record('scrape.completed');
    const b = await record('scrape.failed');
    const c = await record('bulk.completed');
    const d = await record('scrape.completed');
    await processWebhookMessage({ accountId, deliveryId: d.id }, postWebhook);

    expect((await deliveries(key)).map((x) => x.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect((await deliveries(key, '?event=scrape.completed')).map((x) => x.id)).toEqual([d.id, a.id]);
    expect((await deliveries(key, '?status=delivered')).map((x) => x.id)).toEqual([d.id]);
    expect((await deliveries(key, '?status=pending&event=scrape.completed')).map((x) => x.id)).toEqual([
      a.id,
    ]);

    // A filtered listing pages with its cursor like the others.
    const first = await api('/v1/webhook-deliveries?status=pending&limit=1', { key });
    expect(first.json.data.map((x: { id: string }) => x.id)).toEqual([c.id]);
    const second = await api(
      `/v1/webhook-deliveries?status=pending&limit=2&cursor=${first.json.next_cursor}`,
      {
        key,
      },
    );
    expect(second.json.data.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);

    const bad = await api('/v1/webhook-deliveries?event=page.viewed', { key });
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe('validation_error');
  });
});
