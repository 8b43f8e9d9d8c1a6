import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { postWebhook } from '@webcapture/capture';
import { failDeadScreenshot, runBulkBatch, runScrapeJob } from '@webcapture/jobs';
import { ensureTable, startScheduler } from '@webcapture/local';
import {
  type BulkBatchMessage,
  createBulkJob,
  DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS,
  deliveryKey,
  dynamoClient,
  jobKey,
  processWebhookMessage,
  recordWebhookDelivery,
  SCHEDULES,
  sweepPendingWebhooks,
  TABLE_SCHEMA,
  tableName,
} from '@webcapture/service';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { until } from './support/until';
import * as testbed from './support/webhook-outbox';

const fixtures = testbed.useSiteAndReceiver();
const {
  deliveriesOf: listed,
  expireLease,
  killedAfterCommit: killed,
  pendingScreenshot,
  queuedScrape,
  secretOf,
} = testbed;
vi.setConfig({ testTimeout: 90_000 });

const AN_HOUR_AGO = () => new Date(Date.now() - 3_600_000).toISOString();

/**
 * Moves a record's entry in the pending index an hour into the past, as if its send had been owed
 * that long (the sweep leaves alone what is due less than 15 minutes ago, which other tests' are).
 */
async function ageIndexEntry(key: { pk: string; sk: string }) {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET pending_due = :due',
      ConditionExpression: 'attribute_exists(pending_pk)',
      ExpressionAttributeValues: { ':due': AN_HOUR_AGO() },
    }),
  );
}

/** Whether the record stands in the webhook sweep's partitions of the pending index (not the recovery sweep's). */
async function inIndex(key: { pk: string; sk: string }): Promise<boolean> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return typeof Item?.pending_pk === 'string' && Item.pending_pk.startsWith('PENDING#');
}

describe('the webhook sweep', () => {
  it("sends a bulk job's item and bulk.completed events whose batch message went to the dead-letter queue", async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = fixtures.receiver.endpoint();
    let messages: BulkBatchMessage[] = [];
    const job = await createBulkJob({
      accountId,
      kind: 'fetch',
      options: { country: 'US', timeout_ms: 10_000, cache_ttl: 0, custom: {} },
      items: [{ url: `${fixtures.site.url}/html?dlq=1` }, { url: `${fixtures.site.url}/html?dlq=2` }],
      webhook: { url: target, events: ['bulk.item.completed', 'bulk.completed'] },
      custom: {},
      send: async (batches) => {
        messages = batches;
      },
    });
    const [only] = messages as [BulkBatchMessage];
    // The worker dies after its commit; the message never comes back (dead-lettered).
    await expect(runBulkBatch(only, killed)).rejects.toThrow('worker killed');
    // A read ends the job and marks its bulk.completed, which no worker is left to record.
    expect((await api(`/v1/fetch/bulk/${job.id}`, { key })).json.status).toBe('completed');
    const items = await listed(key);
    expect(items.map((d) => [d.event, d.status])).toEqual([
      ['bulk.item.completed', 'pending'],
      ['bulk.item.completed', 'pending'],
    ]);
    // Not yet overdue: the sweep leaves them (and the job's mark) alone.
    await sweepPendingWebhooks();
    expect(fixtures.receiver.received(target)).toHaveLength(0);

    for (const item of items) await ageIndexEntry(deliveryKey(accountId, item.id));
    await ageIndexEntry(jobKey(accountId, job.id));
    const swept = await sweepPendingWebhooks();
    expect(swept.deliveries).toBeGreaterThanOrEqual(2);
    expect(swept.completions).toBeGreaterThanOrEqual(1);

    const hooks = await until(
      async () => fixtures.receiver.received(target),
      (got) => got.length >= 3,
      'the swept deliveries',
    );
    const secret = await secretOf(key);
    for (const hook of hooks) expect(() => new Webhook(secret).verify(hook.body, hook.headers)).not.toThrow();
    expect(hooks.map((hook) => hook.headers['x-service-event']).sort()).toEqual([
      'bulk.completed',
      'bulk.item.completed',
      'bulk.item.completed',
    ]);
    const settled = await until(
      () => listed(key),
      (list) => list.length === 3 && list.every((d) => d.status === 'delivered'),
      'three delivered',
    );
    // The ids sent are the ids recorded at commit.
    expect(new Set(hooks.map((hook) => hook.headers['webhook-id']))).toEqual(
      new Set(settled.map((d) => d.id)),
    );
    for (const item of items) expect(hooks.some((hook) => hook.headers['webhook-id'] === item.id)).toBe(true);
    // Settled deliveries and the sent mark leave the index: the next sweep sends nothing again.
    for (const d of settled) expect(await inIndex(deliveryKey(accountId, d.id))).toBe(false);
    expect(await inIndex(jobKey(accountId, job.id))).toBe(false);
    await sweepPendingWebhooks();
    expect(fixtures.receiver.received(target)).toHaveLength(3);
  });

  it('sends an async scrape event whose job message went to the dead-letter queue after the commit', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = fixtures.receiver.endpoint();
    const { id } = await queuedScrape(accountId, {
      url: `${fixtures.site.url}/html?sweep`,
      webhook_url: target,
    });
    await expect(runScrapeJob({ accountId, id }, undefined, killed)).rejects.toThrow('worker killed');
    const [recorded] = await listed(key);
    expect(recorded).toMatchObject({ event: 'scrape.completed', status: 'pending' });
    await ageIndexEntry(deliveryKey(accountId, recorded?.id ?? ''));
    await sweepPendingWebhooks();
    const [hook] = await until(
      async () => fixtures.receiver.received(target),
      (got) => got.length > 0,
      'the swept scrape.completed',
    );
    expect(hook?.headers['webhook-id']).toBe(recorded?.id);
    expect(new Webhook(await secretOf(key)).verify(hook?.body ?? '', hook?.headers ?? {})).toMatchObject({
      id,
    });
  });

  it('ends as failed a synchronous screenshot whose function died mid-capture, with screenshot.failed', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = fixtures.receiver.endpoint();
    // Recorded as the route records it before capturing; no function is left to end it.
    const { id } = await pendingScreenshot(
      accountId,
      { url: `${fixtures.site.url}/html?died`, webhook_url: target },
      'processing',
    );
    const record = { pk: `ACCT#${accountId}`, sk: `SHOT#${id}` };
    const sweep = () => sweepPendingWebhooks({ endAbandonedScreenshot: failDeadScreenshot });
    // Within its function's lease, and not yet overdue: left alone.
    await sweep();
    expect((await api(`/v1/screenshots/${id}`, { key })).json.status).toBe('processing');

    await expireLease(accountId, record.sk);
    await ageIndexEntry(record);
    expect((await sweep()).screenshots).toBeGreaterThanOrEqual(1);
    const ended = await api(`/v1/screenshots/${id}`, { key });
    expect(ended.json).toMatchObject({
      status: 'failed',
      image_url: null,
      error: { code: 'internal_error', details: { reason: 'worker_died' } },
    });
    expect(await inIndex(record)).toBe(false);
    const [hook] = await until(
      async () => fixtures.receiver.received(target),
      (got) => got.length > 0,
      'the screenshot.failed of the abandoned screenshot',
    );
    expect(hook?.headers['x-service-event']).toBe('screenshot.failed');
    expect(new Webhook(await secretOf(key)).verify(hook?.body ?? '', hook?.headers ?? {})).toMatchObject({
      id,
      status: 'failed',
    });
  });

  it('leaves out of its index a synchronous screenshot that ended, and one handed to the worker', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const done = await api('/v1/screenshots', {
      key,
      method: 'POST',
      body: { url: `${fixtures.site.url}/html?ended` },
    });
    expect(done.status).toBe(200);
    expect(await inIndex({ pk: `ACCT#${accountId}`, sk: `SHOT#${done.json.id}` })).toBe(false);

    const handed = await api('/v1/screenshots?async=true', {
      key,
      method: 'POST',
      body: { url: `${fixtures.site.url}/html?handed` },
    });
    expect(handed.status).toBe(202);
    expect(await inIndex({ pk: `ACCT#${accountId}`, sk: `SHOT#${handed.json.id}` })).toBe(false);
    // Handed to the worker, it is the recovery sweep's until it ends.
    const { Item } = await dynamoClient().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: `ACCT#${accountId}`, sk: `SHOT#${handed.json.id}` },
        ConsistentRead: true,
      }),
    );
    expect(Item?.status === 'completed' || String(Item?.pending_pk).startsWith('RECOVER#screenshot#')).toBe(
      true,
    );
  });

  it('queues again a delivery mid-retry whose own message was lost, keeping its id and attempts', async () => {
    const { accountId, key } = await newAccountWithKey();
    const target = fixtures.receiver.endpoint([500, 204]);
    const delivery = await recordWebhookDelivery({
      accountId,
      url: target,
      event: 'scrape.failed',
      payload: {},
    });
    // The first attempt fails and schedules the next; then the message is lost (dead-lettered).
    expect(await processWebhookMessage({ accountId, deliveryId: delivery.id }, postWebhook)).toEqual({
      retryInSeconds: 1,
    });
    expect(await inIndex(deliveryKey(accountId, delivery.id))).toBe(true);
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(accountId, delivery.id),
        UpdateExpression: 'SET next_attempt_at = :due, pending_due = :due',
        ExpressionAttributeValues: { ':due': AN_HOUR_AGO() },
      }),
    );
    await sweepPendingWebhooks();
    const [done] = await until(
      () => listed(key),
      (list) => list[0]?.status === 'delivered',
      'the swept retry to be delivered',
    );
    expect(done?.attempts).toHaveLength(2);
    expect(fixtures.receiver.received(target).map((hook) => hook.headers['webhook-id'])).toEqual([
      delivery.id,
      delivery.id,
    ]);
    expect(await inIndex(deliveryKey(accountId, delivery.id))).toBe(false);
  });

  it('runs on a schedule, in the deployment and in the local runtime', async () => {
    expect(SCHEDULES.map((schedule) => schedule.handler)).toContain('functions/webhook-sweep.ts');
    const saved = process.env.LOCAL_SCHEDULE_SECONDS;
    process.env.LOCAL_SCHEDULE_SECONDS = '1';
    const events: Array<{ file: string; event: Record<string, unknown> }> = [];
    const scheduler = startScheduler({
      loadHandler: async (file) => async (event: never) => {
        events.push({ file, event });
      },
    });
    try {
      await until(
        async () => events.length,
        (n) => n >= 1,
        'a scheduled run',
      );
    } finally {
      await scheduler.stop();
      if (saved === undefined) delete process.env.LOCAL_SCHEDULE_SECONDS;
      else process.env.LOCAL_SCHEDULE_SECONDS = saved;
    }
    expect(events[0]).toMatchObject({
      file: 'functions/webhook-sweep.ts',
      event: { source: 'aws.events', 'detail-type': 'Scheduled Event' },
    });
  });
});

describe('webhook retries', () => {
  it('back off over hours on the default schedule, recording every attempt under one webhook-id', async () => {
    const saved = process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
    delete process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
    try {
      const { accountId, key } = await newAccountWithKey();
      const target = fixtures.receiver.endpoint([503]);
      const delivery = await recordWebhookDelivery({
        accountId,
        url: target,
        event: 'scrape.failed',
        payload: {},
      });
      const message = { accountId, deliveryId: delivery.id };
      const waits: number[] = [];
      for (;;) {
        const step = await processWebhookMessage(message, postWebhook);
        if ('done' in step) break;
        waits.push(step.retryInSeconds);
        // The stored next attempt is that far out; bring it to now, as time passing would.
        const { Item } = await dynamoClient().send(
          new GetCommand({
            TableName: tableName(),
            Key: deliveryKey(accountId, delivery.id),
            ConsistentRead: true,
          }),
        );
        const ahead = (Date.parse(Item?.next_attempt_at) - Date.now()) / 1000;
        expect(Math.abs(ahead - step.retryInSeconds)).toBeLessThan(60);
        expect(Item?.pending_due).toBe(Item?.next_attempt_at);
        await dynamoClient().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: deliveryKey(accountId, delivery.id),
            UpdateExpression: 'SET next_attempt_at = :now',
            ExpressionAttributeValues: { ':now': new Date().toISOString() },
          }),
        );
      }
      expect(waits).toEqual(DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS);
      expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(24 * 3600);
      const [record] = await listed(key);
      expect(record).toMatchObject({ status: 'failed', failure_reason: 'exhausted' });
      expect(record?.attempts).toHaveLength(DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS.length + 1);
      const hooks = fixtures.receiver.received(target);
      expect(hooks).toHaveLength(DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS.length + 1);
      expect(new Set(hooks.map((hook) => hook.headers['webhook-id']))).toEqual(new Set([delivery.id]));
    } finally {
      if (saved !== undefined) process.env.WEBHOOK_RETRY_DELAYS_SECONDS = saved;
    }
  });
});

describe('the local runtime', () => {
  it('adds the pending index to a table created before it (a kept DATA_DIR)', async () => {
    const client = new DynamoDBClient({});
    const TableName = `before-pending-${Date.now()}`;
    const { listingIndex, partitionKey, sortKey } = TABLE_SCHEMA;
    await client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [partitionKey, sortKey, listingIndex.partitionKey, listingIndex.sortKey].map(
          (AttributeName) => ({ AttributeName, AttributeType: 'S' }),
        ),
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: listingIndex.name,
            KeySchema: [
              { AttributeName: listingIndex.partitionKey, KeyType: 'HASH' },
              { AttributeName: listingIndex.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    try {
      await ensureTable(client, TableName);
      await ensureTable(client, TableName);
      const { Table } = await client.send(new DescribeTableCommand({ TableName }));
      const indexes = Table?.GlobalSecondaryIndexes ?? [];
      expect(indexes.map((index) => index.IndexName).sort()).toEqual(['due', 'gsi1', 'pending']);
      expect(indexes.find((index) => index.IndexName === 'pending')?.Projection?.ProjectionType).toBe(
        'KEYS_ONLY',
      );
    } finally {
      await client.send(new DeleteTableCommand({ TableName }));
    }
  });
});
