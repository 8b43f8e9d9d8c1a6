import { createHash, randomUUID } from 'node:crypto';
import { Journal } from './journal';

/** SQS's message size limit: body and attributes together (the brief's and the classic quota). */
export const MAX_MESSAGE_BYTES = 256 * 1024;
const DEFAULT_VISIBILITY_SECONDS = 30;
const DEFAULT_RETENTION_SECONDS = 4 * 24 * 3600;

/** An error SQS would answer, by its code (`QueueDoesNotExist`, `InvalidParameterValue`, …). */
export class SqsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type MessageAttributes = Record<
  string,
  { DataType: string; StringValue?: string; BinaryValue?: string }
>;

interface StoredMessage {
  id: string;
  body: string;
  attributes?: MessageAttributes;
  sentAt: number;
  /** Epoch ms from which a receive may take it: after its delay, or after its visibility timeout. */
  visibleAt: number;
  receives: number;
  firstReceiveAt?: number;
  /** The receipt handle of the latest receive; older ones no longer change the message. */
  handle?: string;
}

interface StoredQueue {
  name: string;
  attributes: Record<string, string>;
  createdAt: number;
  messages: Map<string, StoredMessage>;
  waiters: Set<() => void>;
}

type Entry =
  | { op: 'queue'; name: string; attributes: Record<string, string>; createdAt: number }
  | { op: 'put'; queue: string; message: StoredMessage }
  | {
      op: 'seen';
      queue: string;
      id: string;
      visibleAt: number;
      receives: number;
      firstReceiveAt?: number;
      handle?: string;
    }
  | { op: 'delete'; queue: string; id: string };

export interface ReceivedMessage extends StoredMessage {
  handle: string;
}

/**
 * Queues and their messages, as SQS keeps them: delays, visibility timeouts and receive counts as
 * absolute times and numbers, so that after a restart a message in flight stays hidden until its
 * timeout ends and is then redelivered (and redriven after maxReceiveCount receives), as on AWS.
 * Every change goes through the journal before it is answered.
 */
export class QueueStore {
  readonly #queues = new Map<string, StoredQueue>();
  readonly #journal: Journal<Entry>;

  constructor(dir: string) {
    this.#journal = Journal.open<Entry>(dir, (entry) => this.#apply(entry));
    this.#journal.rewrite(this.#snapshot());
  }

  close(): void {
    this.#journal.close();
    for (const queue of this.#queues.values()) for (const wake of queue.waiters) wake();
  }

  createQueue(name: string, attributes: Record<string, string>): void {
    if (!/^[\w-]{1,80}$/.test(name))
      throw new SqsError('InvalidParameterValue', `Invalid queue name ${name}.`);
    const existing = this.#queues.get(name);
    this.#write({
      op: 'queue',
      name,
      attributes: { ...existing?.attributes, ...attributes },
      createdAt: existing?.createdAt ?? Date.now(),
    });
  }

  queue(name: string): StoredQueue {
    const queue = this.#queues.get(name);
    if (!queue) throw new SqsError('QueueDoesNotExist', 'The specified queue does not exist.');
    return queue;
  }

  send(name: string, body: string, options: { delaySeconds?: number; attributes?: MessageAttributes }) {
    const queue = this.queue(name);
    const size = messageBytes(body, options.attributes);
    if (size > MAX_MESSAGE_BYTES) {
      throw new SqsError(
        'InvalidParameterValue',
        `One or more parameters are invalid. Reason: Message must be shorter than ${MAX_MESSAGE_BYTES} bytes.`,
      );
    }
    const delay = options.delaySeconds ?? Number(queue.attributes.DelaySeconds ?? 0);
    if (!(delay >= 0 && delay <= 900))
      throw new SqsError('InvalidParameterValue', 'DelaySeconds must be 0 to 900.');
    const now = Date.now();
    const message: StoredMessage = {
      id: randomUUID(),
      body,
      ...(options.attributes && Object.keys(options.attributes).length
        ? { attributes: options.attributes }
        : {}),
      sentAt: now,
      visibleAt: now + delay * 1000,
      receives: 0,
    };
    this.#write({ op: 'put', queue: name, message });
    return { id: message.id, md5: md5(body) };
  }

  /**
   * Takes up to `max` visible messages, hiding each for `visibilitySeconds`; a message already
   * received maxReceiveCount times goes to the dead-letter queue instead, as SQS redrives it.
   */
  receive(name: string, max: number, visibilitySeconds?: number): ReceivedMessage[] {
    const queue = this.queue(name);
    const now = Date.now();
    const hideFor =
      (visibilitySeconds ?? Number(queue.attributes.VisibilityTimeout ?? DEFAULT_VISIBILITY_SECONDS)) * 1000;
    const retention = Number(queue.attributes.MessageRetentionPeriod ?? DEFAULT_RETENTION_SECONDS) * 1000;
    const redrive = redrivePolicy(queue);
    const taken: ReceivedMessage[] = [];
    for (const message of [...queue.messages.values()]) {
      if (taken.length >= max) break;
      if (message.visibleAt > now) continue;
      if (message.sentAt + retention <= now) {
        this.#write({ op: 'delete', queue: name, id: message.id });
        continue;
      }
      if (redrive && message.receives >= redrive.maxReceiveCount && this.#queues.has(redrive.target)) {
        this.#write({ op: 'delete', queue: name, id: message.id });
        const moved = {
          ...message,
          visibleAt: now,
          receives: 0,
          firstReceiveAt: undefined,
          handle: undefined,
        };
        this.#write({ op: 'put', queue: redrive.target, message: moved });
        continue;
      }
      const handle = `${message.id}#${message.receives + 1}#${randomUUID()}`;
      this.#write({
        op: 'seen',
        queue: name,
        id: message.id,
        visibleAt: now + hideFor,
        receives: message.receives + 1,
        firstReceiveAt: message.firstReceiveAt ?? now,
        handle,
      });
      taken.push({ ...(queue.messages.get(message.id) as StoredMessage), handle });
    }
    return taken;
  }

  /** Deletes by receipt handle; a stale handle (the message was received again since) changes nothing, as on SQS. */
  delete(name: string, handle: string): void {
    const message = this.#byHandle(name, handle);
    if (message?.handle === handle) this.#write({ op: 'delete', queue: name, id: message.id });
    this.#compactWhenMostlyDead();
  }

  changeVisibility(name: string, handle: string, seconds: number): void {
    if (!(seconds >= 0 && seconds <= 43_200)) {
      throw new SqsError('InvalidParameterValue', 'VisibilityTimeout must be 0 to 43200 seconds.');
    }
    const message = this.#byHandle(name, handle);
    if (!message || message.handle !== handle) {
      throw new SqsError('MessageNotInflight', 'The message referred to is not in flight.');
    }
    this.#write({
      op: 'seen',
      queue: name,
      id: message.id,
      visibleAt: Date.now() + seconds * 1000,
      receives: message.receives,
      firstReceiveAt: message.firstReceiveAt,
      handle,
    });
  }

  /** Counts for GetQueueAttributes. */
  counts(name: string) {
    const now = Date.now();
    let visible = 0;
    let inFlight = 0;
    let delayed = 0;
    for (const message of this.queue(name).messages.values()) {
      if (message.visibleAt <= now) visible++;
      else if (message.receives > 0) inFlight++;
      else delayed++;
    }
    return { visible, inFlight, delayed };
  }

  /** When the next hidden message of the queue becomes visible, if any is hidden. */
  nextVisibleAt(name: string): number | undefined {
    let next: number | undefined;
    const now = Date.now();
    for (const message of this.queue(name).messages.values())
      if (message.visibleAt > now && (next === undefined || message.visibleAt < next))
        next = message.visibleAt;
    return next;
  }

  #byHandle(name: string, handle: string): StoredMessage | undefined {
    const id = handle.split('#')[0];
    if (!id || handle.split('#').length !== 3) {
      throw new SqsError('ReceiptHandleIsInvalid', `The receipt handle "${handle}" is not valid.`);
    }
    return this.queue(name).messages.get(id);
  }

  #write(entry: Entry): void {
    this.#journal.append(entry);
    this.#apply(entry);
  }

  #apply(entry: Entry): void {
    if (entry.op === 'queue') {
      const existing = this.#queues.get(entry.name);
      if (existing) existing.attributes = entry.attributes;
      else
        this.#queues.set(entry.name, {
          name: entry.name,
          attributes: entry.attributes,
          createdAt: entry.createdAt,
          messages: new Map(),
          waiters: new Set(),
        });
      return;
    }
    const queue = this.#queues.get(entry.queue);
    if (!queue) return;
    if (entry.op === 'put') {
      queue.messages.set(entry.message.id, entry.message);
      for (const wake of queue.waiters) wake();
    } else if (entry.op === 'delete') {
      queue.messages.delete(entry.id);
    } else {
      const message = queue.messages.get(entry.id);
      if (!message) return;
      Object.assign(message, {
        visibleAt: entry.visibleAt,
        receives: entry.receives,
        firstReceiveAt: entry.firstReceiveAt,
        handle: entry.handle,
      });
      if (entry.visibleAt <= Date.now()) for (const wake of queue.waiters) wake();
    }
  }

  *#snapshot(): Generator<Entry> {
    for (const queue of this.#queues.values())
      yield { op: 'queue', name: queue.name, attributes: queue.attributes, createdAt: queue.createdAt };
    for (const queue of this.#queues.values())
      for (const message of queue.messages.values()) yield { op: 'put', queue: queue.name, message };
  }

  #compactWhenMostlyDead(): void {
    let live = this.#queues.size;
    for (const queue of this.#queues.values()) live += queue.messages.size;
    if (this.#journal.lines > 10_000 && this.#journal.lines > 20 * live)
      this.#journal.rewrite(this.#snapshot());
  }
}

function redrivePolicy(queue: StoredQueue): { target: string; maxReceiveCount: number } | undefined {
  if (!queue.attributes.RedrivePolicy) return undefined;
  const policy = JSON.parse(queue.attributes.RedrivePolicy) as {
    deadLetterTargetArn: string;
    maxReceiveCount: number;
  };
  return {
    target: policy.deadLetterTargetArn.split(':').at(-1) as string,
    maxReceiveCount: Number(policy.maxReceiveCount),
  };
}

export function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** What SQS counts toward the size limit: the body, and each attribute's name, type and value. */
export function messageBytes(body: string, attributes?: MessageAttributes): number {
  let bytes = Buffer.byteLength(body, 'utf8');
  for (const [name, value] of Object.entries(attributes ?? {})) {
    bytes += Buffer.byteLength(name) + Buffer.byteLength(value.DataType);
    bytes +=
      Buffer.byteLength(value.StringValue ?? '') + Buffer.from(value.BinaryValue ?? '', 'base64').length;
  }
  return bytes;
}
