import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  BucketAlreadyExists,
  BucketAlreadyOwnedByYou,
  CreateBucketCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import {
  type DrainedQueue,
  deadLetterQueue,
  type QueueDefinition,
  TABLE_KEY_ATTRIBUTES,
  TABLE_SCHEMA,
} from '@webcapture/service';

/**
 * Creates on the emulators what stacks/ creates on AWS. Every step tolerates an existing resource,
 * because DynamoDB and S3 data persist in DATA_DIR across restarts.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const { partitionKey, sortKey, ttlAttribute, listingIndex, pendingIndex, dueIndex } = TABLE_SCHEMA;
  const index = (
    spec: { name: string; partitionKey: string; sortKey: string },
    projection: 'ALL' | 'KEYS_ONLY',
  ) => ({
    IndexName: spec.name,
    KeySchema: [
      { AttributeName: spec.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: spec.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: projection },
  });
  const attributes = (names: string[]) =>
    names.map((name) => ({ AttributeName: name, AttributeType: 'S' as const }));
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table from before an index (a DATA_DIR kept across releases) gets it added, one at a time
    // as DynamoDB allows.
    for (const added of [pendingIndex, dueIndex]) {
      if (Table?.GlobalSecondaryIndexes?.some((gsi) => gsi.IndexName === added.name)) continue;
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: attributes([added.partitionKey, added.sortKey]),
          GlobalSecondaryIndexUpdates: [{ Create: index(added, 'KEYS_ONLY') }],
        }),
      );
    }
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributes([...TABLE_KEY_ATTRIBUTES]),
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          index(listingIndex, 'ALL'),
          index(pendingIndex, 'KEYS_ONLY'),
          index(dueIndex, 'KEYS_ONLY'),
        ],
      }),
    );
  }
  // DynamoDB Local records the TTL setting but never deletes expired items; code must not rely on it.
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
      }),
    );
  }
}

export async function ensureBucket(client: S3Client, bucketName: string): Promise<void> {
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucketName }));
  } catch (error) {
    // s3rver answers BucketAlreadyExists where S3 would say BucketAlreadyOwnedByYou.
    if (!(error instanceof BucketAlreadyOwnedByYou || error instanceof BucketAlreadyExists)) throw error;
  }
}

/** A queue the local poller drains into its worker. */
export interface PolledQueue {
  definition: DrainedQueue;
  url: string;
  arn: string;
}

export interface ProvisionedQueue extends PolledQueue {
  definition: QueueDefinition;
  deadLetterUrl: string;
  deadLetterArn: string;
}

/** Every queue that has a worker: each queue, and each dead-letter queue that has a dead-letter worker. */
export function polledQueues(queues: readonly ProvisionedQueue[]): PolledQueue[] {
  return queues.flatMap((queue) => {
    const deadLetter = deadLetterQueue(queue.definition);
    return deadLetter
      ? [queue, { definition: deadLetter, url: queue.deadLetterUrl, arn: queue.deadLetterArn }]
      : [queue];
  });
}

/** The queue and its `<name>-dlq`, redriving after the definition's maxReceiveCount receives. */
export async function ensureQueue(client: SQSClient, definition: QueueDefinition): Promise<ProvisionedQueue> {
  const deadLetter = await createQueue(client, `${definition.name}-dlq`, {
    MessageRetentionPeriod: String(14 * 24 * 3600),
  });
  const queue = await createQueue(client, definition.name, {
    VisibilityTimeout: String(definition.visibilityTimeoutSeconds),
    RedrivePolicy: JSON.stringify({
      deadLetterTargetArn: deadLetter.arn,
      maxReceiveCount: definition.maxReceiveCount,
    }),
  });
  return {
    definition,
    url: queue.url,
    arn: queue.arn,
    deadLetterUrl: deadLetter.url,
    deadLetterArn: deadLetter.arn,
  };
}

async function createQueue(client: SQSClient, name: string, attributes: Record<string, string>) {
  const { QueueUrl: url } = await client.send(
    new CreateQueueCommand({ QueueName: name, Attributes: attributes }),
  );
  if (!url) throw new Error(`CreateQueue ${name} returned no URL`);
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }),
  );
  const arn = Attributes?.QueueArn;
  if (!arn) throw new Error(`queue ${name} has no ARN`);
  return { url, arn };
}
