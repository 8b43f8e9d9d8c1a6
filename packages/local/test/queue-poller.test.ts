import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { QueueDefinition } from '@webcapture/service';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, localClientConfig } from '../src/emulators/emulator';
import { startSqs } from '../src/emulators/sqs';
import { ensureQueue, type ProvisionedQueue } from '../src/provision';
import { type QueuePoller, startQueuePoller } from '../src/queue-poller';

/** What a fixture worker does with one record; the poller test drives each case through the body. */
type Outcome = 'ok' | 'fail' | 'fail-once' | 'throw-once';

const dataDir = mkdtempSync(join(tmpdir(), 'webcapture-poller-'));
let sqs: Emulator;
let client: SQSClient;
let queue: ProvisionedQueue;
let poller: QueuePoller;
const seen: SQSRecord[] = [];
const batches: SQSEvent[] = [];
const thrownOnce = new Set<string>();

/** The fixture worker: records every delivery and fails the ones its body asks for. */
async function worker(event: SQSEvent): Promise<SQSBatchResponse> {
  batches.push(event);
  seen.push(...event.Records);
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const { outcome } = JSON.parse(record.body) as { outcome: Outcome };
    const first = record.attributes.ApproximateReceiveCount === '1';
    if (outcome === 'throw-once' && !thrownOnce.has(record.messageId)) {
      thrownOnce.add(record.messageId);
      throw new Error('worker crashed');
    }
    if (outcome === 'fail' || (outcome === 'fail-once' && first))
      failures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures: failures };
}

const definition: QueueDefinition = {
  name: `poller-test-${Date.now()}`,
  worker: 'fixture-worker.ts',
  batchSize: 10,
  // Longer than the poller's one-second long poll, as every real queue's is.
  visibilityTimeoutSeconds: 2,
  maxReceiveCount: 2,
  workerTimeoutSeconds: 5,
  workerMemoryMb: 128,
  browser: false,
  maxConcurrency: 2,
};

beforeAll(async () => {
  sqs = await startSqs(dataDir);
  client = new SQSClient(localClientConfig(sqs.endpoint));
  queue = await ensureQueue(client, definition);
  poller = startQueuePoller({
    client,
    queues: [queue],
    loadHandler: async (file) => {
      expect(file).toBe('fixture-worker.ts');
      return worker as never;
    },
  });
});

afterAll(async () => {
  await poller.stop();
  client.destroy();
  await sqs.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(outcome: Outcome, attributes = {}): Promise<string> {
  const { MessageId } = await client.send(
    new SendMessageCommand({
      QueueUrl: queue.url,
      MessageBody: JSON.stringify({ outcome }),
      MessageAttributes: attributes,
    }),
  );
  return MessageId as string;
}

function deliveries(messageId: string): SQSRecord[] {
  return seen.filter((record) => record.messageId === messageId);
}

async function eventually<T>(probe: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function messagesLeft(url: string): Promise<number> {
  const { Attributes = {} } = await client.send(
    new GetQueueAttributesCommand({
      QueueUrl: url,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(Attributes.ApproximateNumberOfMessages) + Number(Attributes.ApproximateNumberOfMessagesNotVisible)
  );
}

describe('queue poller', () => {
  it('hands the worker SQS-shaped records and deletes what succeeded', async () => {
    const id = await send('ok', { kind: { DataType: 'String', StringValue: 'greeting' } });
    await eventually(
      () => deliveries(id),
      (records) => records.length > 0,
    );
    await eventually(
      () => messagesLeft(queue.url),
      (left) => left === 0,
    );

    const [record] = deliveries(id) as [SQSRecord];
    expect(record).toMatchObject({
      messageId: id,
      body: '{"outcome":"ok"}',
      eventSource: 'aws:sqs',
      eventSourceARN: queue.arn,
      awsRegion: 'us-east-1',
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: { kind: { dataType: 'String', stringValue: 'greeting' } },
    });
    expect(record.receiptHandle).not.toBe('');
    expect(record.md5OfBody).toMatch(/^[0-9a-f]{32}$/);
    expect(Number(record.attributes.SentTimestamp)).toBeGreaterThan(0);
    expect(Number(record.attributes.ApproximateFirstReceiveTimestamp)).toBeGreaterThan(0);
    expect(deliveries(id)).toHaveLength(1);
  });

  it('redelivers only the records reported in batchItemFailures', async () => {
    const okId = await send('ok');
    const retryId = await send('fail-once');
    const retried = await eventually(
      () => deliveries(retryId),
      (records) => records.length === 2,
    );
    await eventually(
      () => messagesLeft(queue.url),
      (left) => left === 0,
    );

    expect(retried.map((record) => record.attributes.ApproximateReceiveCount)).toEqual(['1', '2']);
    expect(deliveries(okId)).toHaveLength(1);
  });

  it('redelivers the whole batch when the worker throws', async () => {
    const id = await send('throw-once');
    await eventually(
      () => deliveries(id),
      (records) => records.length === 2,
    );
    const crashed = batches.find((batch) => batch.Records.some((record) => record.messageId === id));
    // Everything that shared the crashed batch comes back, not only the record that caused it.
    for (const record of crashed?.Records ?? []) {
      await eventually(
        () => deliveries(record.messageId),
        (records) => records.length >= 2,
      );
    }
    await eventually(
      () => messagesLeft(queue.url),
      (left) => left === 0,
    );
    expect(deliveries(id)[1]?.attributes.ApproximateReceiveCount).toBe('2');
  });

  it('moves a message that keeps failing to the dead-letter queue after maxReceiveCount receives', async () => {
    const id = await send('fail');
    const { Messages = [] } = await eventually(
      () => client.send(new ReceiveMessageCommand({ QueueUrl: queue.deadLetterUrl, WaitTimeSeconds: 1 })),
      (result) => (result.Messages ?? []).length > 0,
    );
    expect(Messages.map((message) => message.MessageId)).toEqual([id]);
    expect(Messages[0]?.Body).toBe('{"outcome":"fail"}');
    expect(deliveries(id)).toHaveLength(definition.maxReceiveCount);
    expect(await messagesLeft(queue.url)).toBe(0);
  });

  it('splits one receive into invocations of batchSize when several may run at once', async () => {
    const single: QueueDefinition = {
      ...definition,
      name: `${definition.name}-single`,
      batchSize: 1,
      localConcurrency: 6,
    };
    const singleQueue = await ensureQueue(client, single);
    const ids = await Promise.all(
      Array.from({ length: 6 }, () =>
        client
          .send(new SendMessageCommand({ QueueUrl: singleQueue.url, MessageBody: '{"outcome":"ok"}' }))
          .then((sent) => sent.MessageId as string),
      ),
    );
    const events: SQSEvent[] = [];
    const receives: number[] = [];
    const counting = new SQSClient(localClientConfig(sqs.endpoint));
    counting.middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args);
        const received = (result.output as { Messages?: unknown[] } | undefined)?.Messages;
        if (received?.length) receives.push(received.length);
        return result;
      },
      { step: 'initialize', name: 'countReceives' },
    );
    const own = recordingPoller(counting, singleQueue, events);
    try {
      await eventually(
        () => messagesLeft(singleQueue.url),
        (left) => left === 0,
      );
    } finally {
      await own.stop();
      counting.destroy();
    }
    // Each invocation holds one message, as batchSize says; every message ran exactly once.
    expect(events.every((event) => event.Records.length === 1)).toBe(true);
    expect(events.flatMap((event) => event.Records.map((record) => record.messageId)).sort()).toEqual(
      [...ids].sort(),
    );
    // The six messages came in fewer receives than invocations (a receive may hold up to ten).
    expect(receives.reduce((sum, n) => sum + n, 0)).toBe(6);
    expect(receives.length).toBeLessThan(6);
  });

  it('fills room for more than ten messages with receives side by side once a receive came back full', async () => {
    const wide: QueueDefinition = {
      ...definition,
      name: `${definition.name}-wide`,
      batchSize: 1,
      localConcurrency: 25,
    };
    const wideQueue = await ensureQueue(client, wide);
    let open = 0;
    let most = 0;
    const counting = new SQSClient(localClientConfig(sqs.endpoint));
    counting.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== 'ReceiveMessageCommand') return next(args);
        open++;
        most = Math.max(most, open);
        try {
          return await next(args);
        } finally {
          open--;
        }
      },
      { step: 'initialize', name: 'countOpenReceives' },
    );
    for (let i = 0; i < 25; i++)
      await client.send(new SendMessageCommand({ QueueUrl: wideQueue.url, MessageBody: '{"outcome":"ok"}' }));
    const events: SQSEvent[] = [];
    const own = recordingPoller(counting, wideQueue, events);
    try {
      await eventually(
        () => events.length,
        (count) => count === 25,
      );
    } finally {
      await own.stop();
      counting.destroy();
    }
    // A first receive of ten came back full; the room left for fifteen took receives at once.
    expect(most).toBeGreaterThanOrEqual(2);
  });

  it("starts the next invocation without waiting for the previous one's delete, as Lambda does", async () => {
    const serial: QueueDefinition = {
      ...definition,
      name: `${definition.name}-serial`,
      batchSize: 1,
      localConcurrency: 1,
    };
    const serialQueue = await ensureQueue(client, serial);
    for (let i = 0; i < 2; i++)
      await client.send(
        new SendMessageCommand({ QueueUrl: serialQueue.url, MessageBody: '{"outcome":"ok"}' }),
      );
    // Every DeleteMessageBatch is held until `release`.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gated = new SQSClient(localClientConfig(sqs.endpoint));
    gated.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'DeleteMessageBatchCommand') await held;
        return next(args);
      },
      { step: 'initialize', name: 'holdDeletes' },
    );
    const events: SQSEvent[] = [];
    const own = recordingPoller(gated, serialQueue, events);
    try {
      // One invocation at a time, and the first one's delete still held: the second ran anyway.
      await eventually(
        () => events.length,
        (count) => count === 2,
      );
      release();
      expect(
        await eventually(
          () => messagesLeft(serialQueue.url),
          (left) => left === 0,
        ),
      ).toBe(0);
    } finally {
      release();
      await own.stop();
      gated.destroy();
    }
  });

  it('stops polling when stopped', async () => {
    await poller.stop();
    const before = seen.length;
    await send('ok');
    expect(await messagesLeft(queue.url)).toBe(1);
    const { Messages = [] } = await client.send(
      new ReceiveMessageCommand({ QueueUrl: queue.url, WaitTimeSeconds: 1 }),
    );
    expect(Messages).toHaveLength(1);
    expect(seen.length).toBe(before);
  });
});

/** A poller of `queue` whose handler records every event it is invoked with in `events`. */
function recordingPoller(client: SQSClient, queue: ProvisionedQueue, events: SQSEvent[]): QueuePoller {
  return startQueuePoller({
    client,
    queues: [queue],
    loadHandler: async () =>
      (async (event: SQSEvent) => {
        events.push(event);
        return { batchItemFailures: [] };
      }) as never,
  });
}
