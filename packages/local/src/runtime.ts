import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { browserHost } from '@webcapture/render';
import { ensureBootstrapAccount, PLANS, QUEUES, queueEnvName } from '@webcapture/service';
import { apiDocsResponse } from './api-docs';
import { startDynamoDb } from './emulators/dynamodb';
import { type Emulator, LOCAL_CREDENTIALS, LOCAL_REGION, localClientConfig } from './emulators/emulator';
import { startS3 } from './emulators/s3';
import { startSqs } from './emulators/sqs';
import { moduleLoader } from './handler-modules';
import { startHttpServer } from './http-server';
import { ensureBucket, ensureQueue, ensureTable, polledQueues } from './provision';
import { startQueuePoller } from './queue-poller';
import { startScheduler } from './scheduler';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in';

export interface LocalRuntimeOptions {
  /** 0 or absent: any free port. */
  port?: number;
  /** Where DynamoDB Local, the S3 emulator and the SQS stand-in keep their files. */
  dataDir: string;
  /** Extra variables for the handlers (ERROR_STYLE, KEY_ENVIRONMENT, …), set before anything runs. */
  env?: Record<string, string>;
  /** Seeds an account holding this key; without one a key is minted on the first start and printed. */
  bootstrapKey?: string;
  /** The plan a newly created bootstrap account starts on (an existing one keeps its own). */
  bootstrapPlan?: string;
  /** No per-request log lines. */
  quiet?: boolean;
  /**
   * DynamoDB Local keeps its tables in memory instead of under dataDir: several times faster on
   * writes, gone when the runtime stops. Tests and benchmarks use it; `npm start` keeps its data.
   */
  inMemoryDb?: boolean;
  /**
   * Every queue's visibility timeout, instead of the manifest's (which outlasts each worker's
   * timeout, up to 16 minutes): how soon the messages of a worker that died come back.
   */
  queueVisibilitySeconds?: number;
}

export interface LocalRuntime {
  baseUrl: string;
  /** Everything the runtime put into process.env: resource names, endpoints, credentials, options.env. */
  env: Record<string, string>;
  /** The queue poller's own SQS client (benchmarks count its requests). */
  pollerSqsClient: SQSClient;
  stop(): Promise<void>;
}

const TABLE_NAME = 'webcapture-local';

/** The stand-in's prices: one per paid public plan, at the catalogue's monthly price. */
const STAND_IN_PRICES = PLANS.filter((plan) => !plan.is_custom && plan.price_usd_month > 0).map((plan) => ({
  planId: plan.id,
  id: `price_local_${plan.id}`,
  unitAmount: plan.price_usd_month * 100,
}));

/** Fixed and documented, like CONTENT_URL_SECRET: they open nothing but the local stand-in. */
const STAND_IN_STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_local_stripe_stand_in',
  STRIPE_WEBHOOK_SECRET: 'whsec_local_stripe_stand_in',
  STRIPE_PRICES: STAND_IN_PRICES.map((price) => `${price.planId}=${price.id}`).join(','),
};
const BUCKET_NAME = 'webcapture-local';

/**
 * Starts the emulators, creates the resources stacks/ would create, points this process's SDK at them
 * through the environment, seeds the bootstrap account, then runs the queue poller and the HTTP server.
 */
export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const dataDir = resolve(options.dataDir);
  const log = options.quiet ? undefined : (line: string) => console.log(line);
  const emulators = await startAll([
    () => startDynamoDb(options.inMemoryDb ? null : join(dataDir, 'dynamodb')),
    () => startS3(join(dataDir, 's3')),
    () => startSqs(join(dataDir, 'sqs')),
    // Started with the emulators, so a failure of any stops the others.
    () => startStripeStandIn({ secretKey: STAND_IN_STRIPE.STRIPE_SECRET_KEY, prices: STAND_IN_PRICES }),
  ]);
  const [dynamo, s3, sqs, stripe] = emulators as [Emulator, Emulator, Emulator, StripeStandIn];
  const dynamoClient = new DynamoDBClient(localClientConfig(dynamo.endpoint));
  const s3Client = new S3Client({
    ...localClientConfig(s3.endpoint),
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const sqsClient = new SQSClient(localClientConfig(sqs.endpoint));
  const closeAll = async () => {
    for (const client of [dynamoClient, s3Client, sqsClient]) client.destroy();
    await Promise.all(emulators.map((emulator) => emulator.stop()));
  };

  try {
    const [, , queues] = await Promise.all([
      ensureTable(dynamoClient, TABLE_NAME),
      ensureBucket(s3Client, BUCKET_NAME),
      Promise.all(
        QUEUES.map((definition) =>
          ensureQueue(
            sqsClient,
            options.queueVisibilitySeconds
              ? { ...definition, visibilityTimeoutSeconds: options.queueVisibilitySeconds }
              : definition,
          ),
        ),
      ),
    ]);
    const env: Record<string, string> = {
      // EMF lines are for CloudWatch; in a terminal or a test run they are noise (set it to false to see them).
      POWERTOOLS_METRICS_DISABLED: 'true',
      // Billing goes to the Stripe stand-in unless options.env names a Stripe of its own.
      ...STAND_IN_STRIPE,
      STRIPE_API_BASE: stripe.endpoint,
      ...options.env,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SQS: sqs.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      // Deployed stages take it from an SST secret; locally a fixed, documented one will do.
      CONTENT_URL_SECRET: options.env?.CONTENT_URL_SECRET ?? 'content_url_local_development_only',
      TABLE_NAME,
      BUCKET_NAME,
      ...Object.fromEntries(queues.map((queue) => [queueEnvName(queue.definition.name), queue.url])),
    };
    // The handlers run in this process and read their configuration from it, as on Lambda.
    Object.assign(process.env, env);

    const { createdKey } = await ensureBootstrapAccount(options.bootstrapKey, options.bootstrapPlan);
    if (createdKey) {
      console.log(
        `\nCreated the local bootstrap account. Its API key, shown only this once:\n\n  ${createdKey}\n`,
      );
    }

    const loadHandler = moduleLoader();
    const server = await startHttpServer({ port: options.port, loadHandler, log, pages: apiDocsResponse });
    // Every URL the service hands out is absolute under PUBLIC_BASE_URL (service/config.ts): the
    // address the server listens on (known only now when the port is 0), unless options.env names
    // another (a proxy or tunnel in front). Set before this continuation yields to the event loop,
    // so no request, and no queue message or schedule (started below), runs without it.
    env.PUBLIC_BASE_URL = options.env?.PUBLIC_BASE_URL ?? server.baseUrl;
    process.env.PUBLIC_BASE_URL = env.PUBLIC_BASE_URL;
    // The admin CLI (npm run admin) finds the running emulators through this file.
    const envFile = join(dataDir, 'runtime-env.json');
    await writeFile(envFile, JSON.stringify(env, null, 2)).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    const poller = startQueuePoller({ client: sqsClient, queues: polledQueues(queues), loadHandler, log });
    const scheduler = startScheduler({ loadHandler, log });
    stripe.deliverTo(`${server.baseUrl}/v1/billing/webhook`, env.STRIPE_WEBHOOK_SECRET as string);
    let stopping: Promise<void> | undefined;
    return {
      baseUrl: server.baseUrl,
      env,
      pollerSqsClient: sqsClient,
      stop() {
        stopping ??= (async () => {
          await server.stop();
          await Promise.all([poller.stop(), scheduler.stop()]);
          // The rendering worker runs in this process: its Chromium would keep the process alive.
          await browserHost().close();
          await closeAll();
          await rm(envFile, { force: true });
        })();
        return stopping;
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** Starts emulators in parallel; if one fails, stops the others before failing. */
async function startAll(starters: Array<() => Promise<Emulator>>): Promise<Emulator[]> {
  const results = await Promise.allSettled(starters.map((start) => start()));
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((emulator) => emulator.stop()));
    throw failure.reason;
  }
  return started;
}
