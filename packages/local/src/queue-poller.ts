import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { logger } from '@webcapture/telemetry';
import type { SQSBatchResponse } from 'aws-lambda';
import type { HandlerLoader } from './handler-modules';
import { invoke } from './lambda-invoke';
import type { PolledQueue } from './provision';
import { toSqsEvent } from './sqs-event';

/**
 * Short long-polls keep shutdown quick; an idle local queue costs one request a second. Queues need a
 * longer visibility timeout than this, which workers' timeouts already require.
 */
const WAIT_TIME_SECONDS = 1;
const ERROR_BACKOFF_MS = 1_000;

export interface QueuePollerOptions {
  client: SQSClient;
  queues: readonly PolledQueue[];
  loadHandler: HandlerLoader;
  log?: (line: string) => void;
}

export interface QueuePoller {
  stop(): Promise<void>;
}

/**
 * Lambda's SQS event source mapping, locally: receive a batch, invoke the queue's worker, delete what
 * succeeded. Failed records stay invisible until the visibility timeout ends and come back; the emulator
 * moves a message to the dead-letter queue once it has been received maxReceiveCount times.
 */
export function startQueuePoller({ client, queues, loadHandler, log }: QueuePollerOptions): QueuePoller {
  let running = true;
  const loops = queues.map(async (queue) => {
    // Lambda scales its pollers itself; locally a queue may keep several invocations in flight.
    const limit = Math.max(1, queue.definition.localConcurrency ?? 1);
    const inFlight = new Set<Promise<void>>();
    // Deletes of what succeeded: like Lambda's, they do not hold up the next invocation.
    const deleting = new Set<Promise<void>>();
    let backlog = false;
    while (running) {
      if (inFlight.size >= limit) {
        await Promise.race(inFlight);
        continue;
      }
      try {
        // As Lambda's pollers do: receives of up to ten messages, split into invocations of
        // batchSize each, so filling `limit` invocations takes a few receives rather than `limit`;
        // and, as Lambda adds pollers while a queue has a backlog, those receives go side by side
        // when the last one came back full (an idle queue still costs one receive a second).
        const room = (limit - inFlight.size) * queue.definition.batchSize;
        const receives: number = backlog ? Math.ceil(room / 10) : 1;
        const received: Message[][] = await Promise.all(
          Array.from({ length: receives }, (_, i) => receive(client, queue, Math.min(10, room - i * 10))),
        );
        backlog = received.some((batch) => batch.length >= Math.min(10, room));
        const messages = [
          ...new Map(received.flat().map((message) => [message.MessageId, message])).values(),
        ];
        for (const batch of chunk(messages, queue.definition.batchSize)) {
          const work: Promise<void> = handleBatch(client, queue, batch, loadHandler, log, deleting)
            .catch((error: unknown) =>
              logger().error('a queue batch failed', { queue: queue.definition.name, error }),
            )
            .finally(() => inFlight.delete(work));
          inFlight.add(work);
        }
      } catch (error) {
        if (!running) break;
        logger().error('polling a queue failed', { queue: queue.definition.name, error });
        await new Promise((resolve) => setTimeout(resolve, ERROR_BACKOFF_MS));
      }
    }
    await Promise.all(inFlight);
    await Promise.all(deleting);
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

function chunk<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** One receive of at most `room` messages (SQS caps a receive at ten): the events of the next invocations. */
async function receive(client: SQSClient, queue: PolledQueue, room: number): Promise<Message[]> {
  const { definition } = queue;
  const { Messages: received = [] } = await client.send(
    new ReceiveMessageCommand({
      QueueUrl: queue.url,
      MaxNumberOfMessages: Math.max(1, Math.min(room, 10)),
      WaitTimeSeconds: WAIT_TIME_SECONDS,
      VisibilityTimeout: definition.visibilityTimeoutSeconds,
      // The emulator reads only the older AttributeNames; real SQS accepts both.
      AttributeNames: ['All'],
      MessageSystemAttributeNames: ['All'],
      MessageAttributeNames: ['All'],
    }),
  );
  // The emulator returns a message twice in one batch if it became visible again during the wait;
  // the later copy holds the receipt handle that still works.
  return [...new Map(received.map((message) => [message.MessageId, message])).values()];
}

/**
 * Invokes the worker with one batch, then deletes what succeeded; resolves when the invocation
 * has ended, with the delete tracked in `deleting` (the next invocation need not wait for it).
 */
async function handleBatch(
  client: SQSClient,
  queue: PolledQueue,
  messages: Message[],
  loadHandler: HandlerLoader,
  log: QueuePollerOptions['log'],
  deleting: Set<Promise<void>>,
): Promise<void> {
  const { definition } = queue;
  const started = Date.now();
  const failed = await failedMessageIds(queue, messages, loadHandler);
  const done = messages.filter((message) => !failed.has(message.MessageId ?? ''));
  if (done.length) {
    const deleted: Promise<void> = client
      .send(
        new DeleteMessageBatchCommand({
          QueueUrl: queue.url,
          Entries: done.map((message, i) => ({ Id: String(i), ReceiptHandle: message.ReceiptHandle })),
        }),
      )
      .then(
        () => undefined,
        (error: unknown) =>
          logger().error('deleting a queue batch failed', { queue: definition.name, error }),
      )
      .finally(() => deleting.delete(deleted));
    deleting.add(deleted);
  }
  log?.(
    `SQS ${definition.name} batch of ${messages.length}: ${done.length} done, ${failed.size} failed ` +
      `${Date.now() - started}ms`,
  );
}

/** The ids to retry: those the worker reported, or the whole batch when it threw or answered nonsense. */
async function failedMessageIds(
  queue: PolledQueue,
  messages: Message[],
  loadHandler: HandlerLoader,
): Promise<Set<string>> {
  const { definition } = queue;
  const all = new Set(messages.map((message) => message.MessageId ?? ''));
  try {
    const handler = await loadHandler(definition.worker);
    const response = (await invoke(handler, toSqsEvent(messages, queue.arn), {
      name: `webcapture-local-worker-${definition.name}`,
      timeoutSeconds: definition.workerTimeoutSeconds,
      memoryMb: definition.workerMemoryMb,
    })) as SQSBatchResponse | undefined;
    const failures = response?.batchItemFailures ?? [];
    // Lambda treats an unknown or empty identifier as a failure of the whole batch.
    if (failures.some((failure) => !all.has(failure.itemIdentifier))) return all;
    return new Set(failures.map((failure) => failure.itemIdentifier));
  } catch (error) {
    logger().error('the worker for a queue failed', { queue: definition.name, error });
    return all;
  }
}
