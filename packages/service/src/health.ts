import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, s3Client, sqsClient } from './clients';
import { bucketName, queueUrl, tableName } from './config';
import { QUEUES } from './queues';

export interface DependencyCheck {
  ok: boolean;
  latency_ms: number;
  error?: string;
}

const CHECK_TIMEOUT_MS = 2000;

async function timed(run: (signal: AbortSignal) => Promise<unknown>): Promise<DependencyCheck> {
  const started = performance.now();
  try {
    await run(AbortSignal.timeout(CHECK_TIMEOUT_MS));
    return { ok: true, latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    // The error's class is enough to act on; its message may carry endpoints or account ids.
    return { ok: false, latency_ms: Math.round(performance.now() - started), error: (error as Error).name };
  }
}

/** One cheap call per dependency, in parallel, each bounded so /health answers quickly. */
export async function checkDependencies(): Promise<Record<string, DependencyCheck>> {
  const entries: [string, Promise<DependencyCheck>][] = [
    [
      'dynamodb',
      timed((abortSignal) =>
        dynamoClient().send(new GetCommand({ TableName: tableName(), Key: { pk: 'HEALTH', sk: 'HEALTH' } }), {
          abortSignal,
        }),
      ),
    ],
    [
      's3',
      timed((abortSignal) =>
        s3Client().send(new HeadBucketCommand({ Bucket: bucketName() }), { abortSignal }),
      ),
    ],
    ...QUEUES.map((queue): [string, Promise<DependencyCheck>] => [
      `sqs:${queue.name}`,
      timed((abortSignal) =>
        sqsClient().send(
          new GetQueueAttributesCommand({ QueueUrl: queueUrl(queue.name), AttributeNames: ['QueueArn'] }),
          { abortSignal },
        ),
      ),
    ]),
  ];
  const results = await Promise.all(entries.map(([, check]) => check));
  return Object.fromEntries(entries.map(([name], i) => [name, results[i] as DependencyCheck]));
}
