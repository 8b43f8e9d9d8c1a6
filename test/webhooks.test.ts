import { createHmac } from 'node:crypto';
import { webhookDeliveryPageResponse } from '@webcapture/http';
import {
  attemptDelivery,
  MAX_WEBHOOK_ATTEMPTS,
  recordWebhookDelivery,
  signWebhook,
  type WebhookPoster,
} from '@webcapture/service';
import { describe, expect, it } from 'vitest';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';

/** Records what would have been sent, and answers with the given statuses in turn. */
function receiver(...statuses: number[]) {
  const received: { url: string; headers: Record<string, string>; body: string }[] = [];
  const post: WebhookPoster = async (url, init) => {
    received.push({ url, headers: init.headers, body: init.body });
    return statuses[Math.min(received.length - 1, statuses.length - 1)] as number;
  };
  return { received, post };
}

describe('webhook deliveries', () => {
  it('signs the body with HMAC-SHA256 over "timestamp.body" and names the event', async () => {
    const { accountId } = await newAccountWithKey();
    const delivery = await recordWebhookDelivery({
      accountId,
      url: 'https://hooks.example.com/in',
      event: 'scrape.completed',
      payload: { id: 'sc_1', custom: { order: 7 } },
    });
    const hook = receiver(200);
    expect(await attemptDelivery({ accountId, deliveryId: delivery.id }, hook.post)).toBe(true);

    const sent = hook.received[0];
    expect(sent?.headers['x-service-event']).toBe('scrape.completed');
    expect(JSON.parse(sent?.body ?? '')).toEqual({ id: 'sc_1', custom: { order: 7 } });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sent?.headers['x-service-signature'] ?? '') ?? [];
    const expected = createHmac('sha256', process.env.WEBHOOK_SIGNING_SECRET as string)
      .update(`${t}.${sent?.body}`)
      .digest('hex');
    expect(v1).toBe(expected);
    expect(signWebhook('k', 1, 'b')).not.toBe(signWebhook('k', 1, 'c'));

    // Delivered once: a redelivered queue message does not send it again.
    expect(await attemptDelivery({ accountId, deliveryId: delivery.id }, hook.post)).toBe(true);
    expect(hook.received).toHaveLength(1);
  });

  it('records every attempt, retries until a 2xx, and gives up after the last attempt', async () => {
    const { accountId, key } = await newAccountWithKey();
    const flaky = await recordWebhookDelivery({
      accountId,
      url: 'https://hooks.example.com/flaky',
      event: 'scrape.failed',
      payload: {},
    });
    const hook = receiver(500, 503, 204);
    expect(await attemptDelivery({ accountId, deliveryId: flaky.id }, hook.post)).toBe(false);
    expect(await attemptDelivery({ accountId, deliveryId: flaky.id }, hook.post)).toBe(false);
    expect(await attemptDelivery({ accountId, deliveryId: flaky.id }, hook.post)).toBe(true);

    const dead = await recordWebhookDelivery({
      accountId,
      url: 'https://hooks.example.com/down',
      event: 'scrape.failed',
      payload: {},
    });
    const down = receiver(500);
    const settled = [];
    for (let i = 0; i < MAX_WEBHOOK_ATTEMPTS; i++) {
      settled.push(await attemptDelivery({ accountId, deliveryId: dead.id }, down.post));
    }
    expect(settled).toEqual([false, false, false, false, true]);

    const listed = await api('/v1/webhook-deliveries', { key });
    expect(listed.status).toBe(200);
    expect(webhookDeliveryPageResponse.safeParse(listed.json).error?.issues ?? []).toEqual([]);
    const byId = Object.fromEntries(listed.json.data.map((d: { id: string }) => [d.id, d]));
    expect(byId[flaky.id]).toMatchObject({ status: 'delivered', event: 'scrape.failed' });
    expect(byId[flaky.id].attempts.map((a: { status_code: number }) => a.status_code)).toEqual([
      500, 503, 204,
    ]);
    expect(byId[dead.id].status).toBe('failed');
    expect(byId[dead.id].attempts).toHaveLength(MAX_WEBHOOK_ATTEMPTS);
    expect(listed.json.data[0].id).toBe(dead.id); // newest first
  });
});
