import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime } from '@webcapture/local';
import {
  createAccount,
  createApiKey,
  dynamoClient,
  s3Client,
  setAccountOverrides,
  sqsClient,
} from '@webcapture/service';
import { SdkRequestTally } from './sdk-requests';

/**
 * The local runtime for a job benchmark (bulk, crawl): DynamoDB Local (in memory unless
 * BENCH_DB=file, as `npm start` runs it) and the emulators in a temp dir, every AWS SDK request
 * the service and the queue poller send counted in `requests`, and an enterprise account whose
 * jobs get exactly `jobSlots` slots (bulk jobs and crawls may hold half the account's concurrency).
 */
export async function startBenchRuntime(jobSlots: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'webcapture-bench-'));
  const runtime = await startLocalRuntime({
    dataDir,
    quiet: true,
    inMemoryDb: process.env.BENCH_DB !== 'file',
    env: { KEY_ENVIRONMENT: 'test', ALLOW_PRIVATE_TARGETS: 'true' },
  });
  const stop = async () => {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  Object.assign(process.env, runtime.env);
  const requests = new SdkRequestTally();
  requests.watch(dynamoClient(), 'dynamo');
  requests.watch(sqsClient(), 'sqs');
  requests.watch(runtime.pollerSqsClient, 'sqs');
  requests.watch(s3Client(), 's3');
  try {
    const account = await createAccount({ name: 'bench', planId: 'enterprise' });
    await setAccountOverrides(account.id, { requests_per_second: 100_000, concurrency: 2 * jobSlots });
    const { key } = await createApiKey(account.id, { name: 'bench' });
    return { baseUrl: runtime.baseUrl, key, requests, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
