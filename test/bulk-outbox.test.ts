import { runBulkBatch } from '@webcapture/jobs';
import { type BulkBatchMessage, createBulkJob, dynamoClient } from '@webcapture/service';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FixtureSite, startFixtureSite } from './fixtures/site';
import { startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { until } from './support/until';

let site: FixtureSite;
let receiver: WebhookReceiver;

vi.setConfig({ testTimeout: 90_000 });

beforeAll(async () => {
  [site, receiver] = await Promise.all([startFixtureSite(), startWebhookReceiver()]);
});
afterAll(async () => {
  await Promise.all([site.close(), receiver.close()]);
});

/** A fetch job with a webhook whose batches the test delivers itself. */
async function jobWithWebhook(accountId: string, urls: string[], webhookUrl: string | null) {
  let messages: BulkBatchMessage[] = [];
  const job = await createBulkJob({
    accountId,
    kind: 'fetch',
    options: { country: 'US', timeout_ms: 10_000, cache_ttl: 0, custom: {} },
    items: urls.map((url) => ({ url })),
    webhook: webhookUrl
      ? { url: webhookUrl, events: ['bulk.item.completed', 'bulk.item.failed', 'bulk.completed'] }
      : null,
    custom: { job: 'outbox' },
    send: async (batches) => {
      messages = batches;
    },
  });
  return { job, messages };
}

const crashAfterCommit = {
  afterCommit: () => {
    throw new Error('worker killed between commit and enqueue');
  },
};

describe('bulk webhooks survive a worker killed between commit and enqueue', () => {
  it('records every delivery with its item, sends each once on the redelivery, and bulk.completed too', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = receiver.endpoint();
    // 15 items in two batches; the last one fails at the origin (bulk.item.failed).
    const urls = [...Array.from({ length: 14 }, (_, i) => `${site.url}/html?o=${i}`), `${site.url}/missing`];
    const { job, messages } = await jobWithWebhook(accountId, urls, target);
    const [first, second] = messages as [BulkBatchMessage, BulkBatchMessage];

    // Both workers die right after their commits: nothing is queued, yet every delivery is recorded.
    await expect(runBulkBatch(first, crashAfterCommit)).rejects.toThrow('worker killed');
    await expect(runBulkBatch(second, crashAfterCommit)).rejects.toThrow('worker killed');
    const recorded = await api('/v1/webhook-deliveries?limit=100', { key });
    expect(recorded.json.data).toHaveLength(15);
    expect(
      recorded.json.data.every(
        (d: { status: string; attempts: unknown[] }) => d.status === 'pending' && d.attempts.length === 0,
      ),
    ).toBe(true);

    // A read finds every item done and ends the job; its bulk.completed is marked, not lost.
    const read = await api(`/v1/fetch/bulk/${job.id}`, { key });
    expect(read.json.status).toBe('completed');

    // The messages come back (they were never acknowledged): the batches are done, the outboxes sent.
    expect(await runBulkBatch(second)).toBe('done');
    expect(await runBulkBatch(first)).toBe('done');
    // Further duplicates find empty outboxes.
    expect(await runBulkBatch(first)).toBe('done');
    expect(await runBulkBatch(second)).toBe('done');

    const hooks = await until(
      async () => receiver.received(target),
      (list) => list.length >= 16,
      'the 16 bulk webhooks',
    );
    const secret = (await api('/v1/account/webhook-secret', { key })).json.secret as string;
    const bodies = hooks.map((hook) => new Webhook(secret).verify(hook.body, hook.headers)) as Array<{
      index?: number;
      status: string;
    }>;
    const events = hooks.map((hook) => hook.headers['x-service-event']);
    expect(events.filter((event) => event === 'bulk.item.completed')).toHaveLength(14);
    expect(events.filter((event) => event === 'bulk.item.failed')).toHaveLength(1);
    expect(events.filter((event) => event === 'bulk.completed')).toHaveLength(1);
    const itemIndexes = bodies.flatMap((body) => (body.index === undefined ? [] : [body.index]));
    expect(itemIndexes.sort((a, b) => a - b)).toEqual(urls.map((_, i) => i));
    expect(bodies.find((body) => body.index === undefined)).toMatchObject({
      id: job.id,
      status: 'completed',
    });

    // One delivery per event, each delivered on its first attempt under the id recorded at commit.
    const settled = await until(
      () => api('/v1/webhook-deliveries?limit=100', { key }),
      (r) => r.json.data.every((d: { status: string }) => d.status === 'delivered'),
      'every delivery to be delivered',
    );
    expect(settled.json.data).toHaveLength(16);
    expect(settled.json.data.every((d: { attempts: unknown[] }) => d.attempts.length === 1)).toBe(true);
    const ids = new Set(hooks.map((hook) => hook.headers['webhook-id']));
    expect(ids).toEqual(new Set(settled.json.data.map((d: { id: string }) => d.id)));
    for (const id of recorded.json.data.map((d: { id: string }) => d.id)) expect(ids.has(id)).toBe(true);
  });

  it('a worker that lives sends its own outbox; a duplicate message sends nothing again', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = receiver.endpoint();
    const { messages } = await jobWithWebhook(accountId, [`${site.url}/html?live`], target);
    const [only] = messages as [BulkBatchMessage];
    expect(await runBulkBatch(only)).toBe('done');
    expect(await runBulkBatch(only)).toBe('done');
    const settled = await until(
      () => api('/v1/webhook-deliveries?limit=100', { key }),
      (r) =>
        r.json.data.length === 2 && r.json.data.every((d: { status: string }) => d.status === 'delivered'),
      'the item and job deliveries',
    );
    expect(settled.json.data.map((d: { event: string }) => d.event).sort()).toEqual([
      'bulk.completed',
      'bulk.item.completed',
    ]);
    expect(settled.json.data.every((d: { attempts: unknown[] }) => d.attempts.length === 1)).toBe(true);
    expect(receiver.received(target)).toHaveLength(2);
  });

  it('costs one DynamoDB request per batch of ten, not one per item: the deliveries ride in the commit', async () => {
    const { accountId } = await newAccountWithKey({ planId: 'enterprise' });
    // Two batches each; only the first runs, so the job's end (and bulk.completed) is not measured.
    const urls = (tag: string) => Array.from({ length: 20 }, (_, i) => `${site.url}/html?${tag}=${i}`);
    const plain = (await jobWithWebhook(accountId, urls('plain'), null)).messages[0] as BulkBatchMessage;
    const hooked = (await jobWithWebhook(accountId, urls('hooked'), receiver.endpoint()))
      .messages[0] as BulkBatchMessage;
    const sends: string[] = [];
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { UpdateExpression?: string };
        sends.push(input.UpdateExpression === 'REMOVE outbox' ? 'clear outbox' : String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'outboxTestCountSends' },
    );
    const puts = (names: string[]) => names.filter((name) => name === 'PutCommand').length;
    try {
      expect(await runBulkBatch(plain)).toBe('done');
      const withoutWebhooks = sends.splice(0);
      expect(await runBulkBatch(hooked)).toBe('done');
      // No write per delivery (the old way put one record per item): one clear of the outbox.
      expect(puts(sends)).toBe(puts(withoutWebhooks));
      expect(sends.filter((name) => name === 'clear outbox')).toHaveLength(1);
      // Retries on a loaded machine may add a request or two to either run, never ten.
      expect(sends.length - withoutWebhooks.length).toBeLessThan(5);
    } finally {
      dynamoClient().middlewareStack.remove('outboxTestCountSends');
    }
  });
});
