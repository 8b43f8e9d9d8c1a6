import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it } from 'vitest';
import { type Emulator, localClientConfig } from '../src/emulators/emulator';
import { startSqs } from '../src/emulators/sqs';

/**
 * The SQS stand-in through the AWS SDK, across restarts on one data dir: what it acknowledged is
 * there after a restart, and a message received before it stays hidden until its visibility
 * timeout ends, as on SQS.
 */
const dirs: string[] = [];
const running: Array<{ sqs: Emulator; client: SQSClient }> = [];

async function open(dir: string) {
  const sqs = await startSqs(dir);
  const client = new SQSClient(localClientConfig(sqs.endpoint));
  running.push({ sqs, client });
  return { sqs, client };
}

afterEach(async () => {
  for (const { sqs, client } of running.splice(0)) {
    client.destroy();
    await sqs.stop();
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'webcapture-sqs-'));
  dirs.push(dir);
  return dir;
}

async function queueIn(client: SQSClient, name: string, attributes: Record<string, string> = {}) {
  const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  return QueueUrl as string;
}

const bodies = (messages: Array<{ Body?: string }> | undefined) => (messages ?? []).map((m) => m.Body).sort();

describe('durable local SQS', () => {
  it('keeps acknowledged messages across a restart, in-flight ones hidden until their visibility timeout ends', async () => {
    const dir = freshDir();
    const first = await open(dir);
    const url = await queueIn(first.client, 'jobs');
    for (const body of ['a', 'b', 'c', 'gone'])
      await first.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body }));
    const { Messages: taken = [] } = await first.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 2, VisibilityTimeout: 3 }),
    );
    expect(taken).toHaveLength(2);
    const { Messages: [gone] = [] } = await first.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 60 }),
    );
    await first.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: gone?.ReceiptHandle }));
    // No stop(): the process dies with the journal as it was written.

    const second = await open(dir);
    const { QueueUrl: again } = await second.client.send(new CreateQueueCommand({ QueueName: 'jobs' }));
    const now = await second.client.send(
      new ReceiveMessageCommand({ QueueUrl: again, MaxNumberOfMessages: 10 }),
    );
    const left = ['a', 'b', 'c', 'gone'].filter(
      (body) => body !== gone?.Body && !bodies(taken).includes(body),
    );
    expect(bodies(now.Messages)).toEqual(left);
    const later = await second.client.send(
      new ReceiveMessageCommand({ QueueUrl: again, MaxNumberOfMessages: 10, WaitTimeSeconds: 5 }),
    );
    expect(bodies(later.Messages)).toEqual(bodies(taken));
    expect(later.Messages?.map((m) => m.Attributes?.ApproximateReceiveCount)).toEqual(['2', '2']);
  });

  it('redrives to the dead-letter queue after maxReceiveCount receives, counting receives from before a restart', async () => {
    const dir = freshDir();
    const first = await open(dir);
    const dlq = await queueIn(first.client, 'work-dlq');
    const { Attributes } = await first.client.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['QueueArn'] }),
    );
    const url = await queueIn(first.client, 'work', {
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes?.QueueArn, maxReceiveCount: 2 }),
    });
    const { MessageId } = await first.client.send(
      new SendMessageCommand({ QueueUrl: url, MessageBody: 'poison' }),
    );
    const { Messages: [received] = [] } = await first.client.send(
      new ReceiveMessageCommand({ QueueUrl: url }),
    );
    await first.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: url,
        ReceiptHandle: received?.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );
    expect(
      (await first.client.send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 1 }))).Messages,
    ).toHaveLength(1);

    const second = await open(dir);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await second.client.send(new ReceiveMessageCommand({ QueueUrl: url }))).Messages ?? []).toEqual(
      [],
    );
    const { Messages: dead = [] } = await second.client.send(new ReceiveMessageCommand({ QueueUrl: dlq }));
    expect(dead.map((m) => [m.MessageId, m.Body])).toEqual([[MessageId, 'poison']]);
  });

  it('refuses a message over 256 KiB, and a batch over 256 KiB in all, as SQS does', async () => {
    const { client } = await open(freshDir());
    const url = await queueIn(client, 'sizes');
    await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'x'.repeat(256 * 1024) }));
    await expect(
      client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'x'.repeat(256 * 1024 + 1) })),
    ).rejects.toMatchObject({ name: 'InvalidParameterValue' });
    await expect(
      client.send(
        new SendMessageBatchCommand({
          QueueUrl: url,
          Entries: [0, 1].map((i) => ({ Id: String(i), MessageBody: 'x'.repeat(130 * 1024) })),
        }),
      ),
    ).rejects.toMatchObject({ name: 'BatchRequestTooLong' });
    await expect(
      client.send(new SendMessageCommand({ QueueUrl: url.replace('sizes', 'nowhere'), MessageBody: 'x' })),
    ).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  });
});
