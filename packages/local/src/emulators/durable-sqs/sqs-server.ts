import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MAX_MESSAGE_BYTES,
  type MessageAttributes,
  md5,
  messageBytes,
  QueueStore,
  SqsError,
} from './queue-store';

const ACCOUNT_ID = '123456789012';
/** SQS caps a long poll at 20 s and a receive at ten messages. */
const MAX_WAIT_SECONDS = 20;

type Input = Record<string, unknown>;

export interface DurableSqsServer {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * A stand-in for SQS that keeps its messages under `dir` (queue-store.ts), speaking the AWS JSON
 * 1.0 protocol the AWS SDK v3 uses for SQS (`X-Amz-Target: AmazonSQS.<Action>`): the actions the
 * service and its local runtime call, with SQS's limits and error codes. Listening on 127.0.0.1,
 * its queue URLs share the endpoint's origin, so the SDK keeps the configured endpoint.
 */
export async function startDurableSqs(options: { dir: string; region: string }): Promise<DurableSqsServer> {
  const store = new QueueStore(options.dir);
  let origin = '';
  const arnOf = (name: string) => `arn:aws:sqs:${options.region}:${ACCOUNT_ID}:${name}`;
  const urlOf = (name: string) => `${origin}/${ACCOUNT_ID}/${name}`;

  const actions: Record<string, (input: Input) => unknown> = {
    CreateQueue: (input) => {
      store.createQueue(String(input.QueueName), (input.Attributes ?? {}) as Record<string, string>);
      return { QueueUrl: urlOf(String(input.QueueName)) };
    },
    GetQueueUrl: (input) => {
      store.queue(String(input.QueueName));
      return { QueueUrl: urlOf(String(input.QueueName)) };
    },
    GetQueueAttributes: (input) => {
      const name = queueName(input);
      const queue = store.queue(name);
      const counts = store.counts(name);
      const all: Record<string, string> = {
        QueueArn: arnOf(name),
        VisibilityTimeout: '30',
        MessageRetentionPeriod: String(4 * 24 * 3600),
        DelaySeconds: '0',
        MaximumMessageSize: String(MAX_MESSAGE_BYTES),
        ReceiveMessageWaitTimeSeconds: '0',
        ...queue.attributes,
        CreatedTimestamp: String(Math.floor(queue.createdAt / 1000)),
        ApproximateNumberOfMessages: String(counts.visible),
        ApproximateNumberOfMessagesNotVisible: String(counts.inFlight),
        ApproximateNumberOfMessagesDelayed: String(counts.delayed),
      };
      const wanted = (input.AttributeNames as string[] | undefined) ?? [];
      const picked = wanted.includes('All')
        ? all
        : Object.fromEntries(wanted.filter((key) => key in all).map((key) => [key, all[key] as string]));
      return { Attributes: picked };
    },
    SendMessage: (input) => {
      const sent = store.send(queueName(input), String(input.MessageBody ?? ''), sendOptions(input));
      return { MessageId: sent.id, MD5OfMessageBody: sent.md5 };
    },
    SendMessageBatch: (input) => {
      const name = queueName(input);
      const entries = batchEntries(input);
      const total = entries.reduce(
        (sum, entry) =>
          sum + messageBytes(String(entry.MessageBody ?? ''), entry.MessageAttributes as MessageAttributes),
        0,
      );
      if (total > MAX_MESSAGE_BYTES) {
        throw new SqsError(
          'BatchRequestTooLong',
          `Batch requests cannot be longer than ${MAX_MESSAGE_BYTES} bytes; this one is ${total}.`,
        );
      }
      const Successful: unknown[] = [];
      const Failed: unknown[] = [];
      for (const entry of entries) {
        try {
          const sent = store.send(name, String(entry.MessageBody ?? ''), sendOptions(entry));
          Successful.push({ Id: entry.Id, MessageId: sent.id, MD5OfMessageBody: sent.md5 });
        } catch (error) {
          if (!(error instanceof SqsError)) throw error;
          Failed.push({ Id: entry.Id, SenderFault: true, Code: error.code, Message: error.message });
        }
      }
      return { Successful, Failed };
    },
    ReceiveMessage: async (input) => {
      const name = queueName(input);
      const max = Number(input.MaxNumberOfMessages ?? 1);
      if (!(max >= 1 && max <= 10)) {
        throw new SqsError('InvalidParameterValue', 'MaxNumberOfMessages must be 1 to 10.');
      }
      const waitSeconds = Math.min(Number(input.WaitTimeSeconds ?? 0), MAX_WAIT_SECONDS);
      const visibility = input.VisibilityTimeout === undefined ? undefined : Number(input.VisibilityTimeout);
      const deadline = Date.now() + waitSeconds * 1000;
      for (;;) {
        const messages = store.receive(name, max, visibility);
        if (messages.length || Date.now() >= deadline) {
          return {
            Messages: messages.map((message) => ({
              MessageId: message.id,
              ReceiptHandle: message.handle,
              MD5OfBody: md5(message.body),
              Body: message.body,
              Attributes: {
                SenderId: ACCOUNT_ID,
                SentTimestamp: String(message.sentAt),
                ApproximateReceiveCount: String(message.receives),
                ApproximateFirstReceiveTimestamp: String(message.firstReceiveAt ?? message.sentAt),
              },
              ...(message.attributes ? { MessageAttributes: message.attributes } : {}),
            })),
          };
        }
        await changeOrTimeout(store, name, Math.min(deadline, store.nextVisibleAt(name) ?? deadline));
      }
    },
    DeleteMessage: (input) => {
      store.delete(queueName(input), String(input.ReceiptHandle));
      return {};
    },
    DeleteMessageBatch: (input) => {
      const name = queueName(input);
      return perEntry(batchEntries(input), (entry) => store.delete(name, String(entry.ReceiptHandle)));
    },
    ChangeMessageVisibility: (input) => {
      store.changeVisibility(queueName(input), String(input.ReceiptHandle), Number(input.VisibilityTimeout));
      return {};
    },
    ChangeMessageVisibilityBatch: (input) => {
      const name = queueName(input);
      return perEntry(batchEntries(input), (entry) =>
        store.changeVisibility(name, String(entry.ReceiptHandle), Number(entry.VisibilityTimeout)),
      );
    },
  };

  const server = createServer((req, res) => {
    void answer(req, res, actions);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint: origin,
    async stop() {
      store.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => (server as Server).close(() => resolve()));
    },
  };
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  actions: Record<string, (input: Input) => unknown>,
): Promise<void> {
  const action = String(req.headers['x-amz-target'] ?? '').replace(/^AmazonSQS\./, '');
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const run = actions[action];
    if (!run) throw new SqsError('UnsupportedOperation', `${action || 'That action'} is not supported here.`);
    const text = Buffer.concat(chunks).toString('utf8');
    reply(res, 200, await run(text ? (JSON.parse(text) as Input) : {}));
  } catch (error) {
    if (!(error instanceof SqsError)) {
      console.error(`local SQS ${action} failed`, error);
      reply(res, 500, { __type: 'com.amazonaws.sqs#InternalError', message: 'internal error' });
      return;
    }
    // The query-compatible header gives the SDK the classic error code (AWS.SimpleQueueService.* too).
    res.setHeader('x-amzn-query-error', `${error.code};Sender`);
    reply(res, 400, { __type: `com.amazonaws.sqs#${error.code}`, message: error.message });
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body ?? {});
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function queueName(input: Input): string {
  const url = String(input.QueueUrl ?? '');
  const name = url.split('/').at(-1);
  if (!name) throw new SqsError('QueueDoesNotExist', 'The specified queue does not exist.');
  return name;
}

function sendOptions(input: Input) {
  return {
    delaySeconds: input.DelaySeconds === undefined ? undefined : Number(input.DelaySeconds),
    attributes: input.MessageAttributes as MessageAttributes | undefined,
  };
}

function batchEntries(input: Input): Input[] {
  const entries = (input.Entries ?? []) as Input[];
  if (entries.length === 0) throw new SqsError('EmptyBatchRequest', 'The batch request has no entries.');
  if (entries.length > 10) {
    throw new SqsError('TooManyEntriesInBatchRequest', 'A batch request holds at most 10 entries.');
  }
  return entries;
}

function perEntry(entries: Input[], run: (entry: Input) => void) {
  const Successful: unknown[] = [];
  const Failed: unknown[] = [];
  for (const entry of entries) {
    try {
      run(entry);
      Successful.push({ Id: entry.Id });
    } catch (error) {
      if (!(error instanceof SqsError)) throw error;
      Failed.push({ Id: entry.Id, SenderFault: true, Code: error.code, Message: error.message });
    }
  }
  return { Successful, Failed };
}

/** Waits until the queue changes (a send, a message made visible) or `until` (epoch ms) passes. */
function changeOrTimeout(store: QueueStore, name: string, until: number): Promise<void> {
  const queue = store.queue(name);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      queue.waiters.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, Math.max(0, until - Date.now()));
    queue.waiters.add(wake);
  });
}
