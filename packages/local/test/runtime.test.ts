import { readdir, readFile } from 'node:fs/promises';
import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, QUEUES, queueEnvName, s3Client, sqsClient } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { localClientConfig } from '../src/emulators/emulator';

// The runtime started by test/global-setup.ts, seen through the environment it exported.
const env = inject('awsEnv');

describe('resources the runtime creates', () => {
  it('creates the table with its key schema, listing index and TTL attribute', async () => {
    const client = new DynamoDBClient(localClientConfig(env.AWS_ENDPOINT_URL_DYNAMODB as string));
    const { Table } = await client.send(new DescribeTableCommand({ TableName: env.TABLE_NAME }));
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    const index = Table?.GlobalSecondaryIndexes?.find((gsi) => gsi.IndexName === 'gsi1');
    expect(index?.KeySchema).toEqual([
      { AttributeName: 'gsi1pk', KeyType: 'HASH' },
      { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
    ]);
    expect(index?.Projection?.ProjectionType).toBe('ALL');
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: env.TABLE_NAME }));
    expect(ttl.TimeToLiveDescription).toMatchObject({
      TimeToLiveStatus: 'ENABLED',
      AttributeName: 'expiresAt',
    });
    client.destroy();
  });

  it('creates the bucket', async () => {
    const client = new S3Client({
      ...localClientConfig(env.AWS_ENDPOINT_URL_S3 as string),
      forcePathStyle: true,
    });
    const head = await client.send(new HeadBucketCommand({ Bucket: env.BUCKET_NAME }));
    expect(head.$metadata.httpStatusCode).toBe(200);
    client.destroy();
  });

  it('creates every queue with a dead-letter queue and its redrive policy', async () => {
    const client = new SQSClient(localClientConfig(env.AWS_ENDPOINT_URL_SQS as string));
    for (const queue of QUEUES) {
      const url = env[queueEnvName(queue.name)];
      expect(url).toMatch(new RegExp(`/${queue.name}$`));
      const { Attributes = {} } = await client.send(
        new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }),
      );
      expect(Number(Attributes.VisibilityTimeout)).toBe(queue.visibilityTimeoutSeconds);
      expect(JSON.parse(Attributes.RedrivePolicy as string)).toEqual({
        deadLetterTargetArn: expect.stringMatching(new RegExp(`:${queue.name}-dlq$`)),
        maxReceiveCount: queue.maxReceiveCount,
      });
    }
    client.destroy();
  });
});

/** The argument lists of the processes on this machine (Linux's /proc). */
async function commandLines(): Promise<string[][]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const lines = await Promise.all(
    pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')),
  );
  return lines.filter(Boolean).map((line) => line.split('\0'));
}

describe('DynamoDB Local', () => {
  it('runs on the JVM client compiler only and sends no telemetry', async () => {
    const port = new URL(env.AWS_ENDPOINT_URL_DYNAMODB as string).port;
    const java = (await commandLines()).find(
      (args) =>
        args.some((arg) => arg.endsWith('DynamoDBLocal.jar')) && args[args.indexOf('-port') + 1] === port,
    );
    expect(java).toBeDefined();
    const args = java as string[];
    // JVM options only count before -jar; the telemetry switch is DynamoDB Local's own.
    expect(args.indexOf('-XX:TieredStopAtLevel=1')).toBeGreaterThan(-1);
    expect(args.indexOf('-XX:TieredStopAtLevel=1')).toBeLessThan(args.indexOf('-jar'));
    expect(args.slice(args.indexOf('-jar'))).toContain('-disableTelemetry');
  });
});

describe("the service's own SDK clients", () => {
  const saved = { ...process.env };
  const warn = vi.spyOn(console, 'warn');

  beforeAll(() => {
    Object.assign(process.env, env);
  });
  afterAll(() => {
    process.env = saved;
    warn.mockRestore();
  });

  it('reach DynamoDB Local from the environment alone', async () => {
    const Key = { pk: 'TEST#runtime', sk: 'env-only' };
    await dynamoClient().send(new PutCommand({ TableName: env.TABLE_NAME, Item: { ...Key, value: 42 } }));
    const { Item } = await dynamoClient().send(new GetCommand({ TableName: env.TABLE_NAME, Key }));
    expect(Item?.value).toBe(42);
  });

  it('reach the S3 emulator from the environment alone', async () => {
    const Key = `test/runtime-${Date.now()}.txt`;
    await s3Client().send(new PutObjectCommand({ Bucket: env.BUCKET_NAME, Key, Body: 'hello s3' }));
    const object = await s3Client().send(new GetObjectCommand({ Bucket: env.BUCKET_NAME, Key }));
    expect(await object.Body?.transformToString()).toBe('hello s3');
  });

  it('reach the SQS emulator from the environment alone, without switching to the queue URL host', async () => {
    const { QueueUrl } = await sqsClient().send(
      new CreateQueueCommand({ QueueName: `runtime-test-${Date.now()}` }),
    );
    expect(new URL(QueueUrl as string).origin).toBe(env.AWS_ENDPOINT_URL_SQS);
    await sqsClient().send(new SendMessageCommand({ QueueUrl, MessageBody: 'hello sqs' }));
    const { Messages = [] } = await sqsClient().send(
      new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 }),
    );
    expect(Messages.map((message) => message.Body)).toEqual(['hello sqs']);
    expect(warn).not.toHaveBeenCalledWith(
      expect.stringContaining('differs from SQSClient resolved endpoint'),
    );
  });
});
