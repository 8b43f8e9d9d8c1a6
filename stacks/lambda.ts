/**
 * One place that turns a function spec (from the route or queue manifest) into SST Function
 * arguments: runtime, size, links and environment are decided here for every Lambda alike.
 */
import { type QueueDefinition, queueEnvName } from '../packages/service/src/queues';
import type { Grant } from './access';
import { type StageSettings, stageEnvironment } from './config';
import {
  BROWSER_STORAGE_MB,
  browserInstall,
  LAMBDA_ARCHITECTURE,
  LAMBDA_RUNTIME,
  megabytes,
  seconds,
  sstHandler,
} from './function-settings';

export interface QueuePair {
  definition: QueueDefinition;
  queue: sst.aws.Queue;
  deadLetter: sst.aws.Queue;
}

export interface Resources {
  table: sst.aws.Dynamo;
  bucket: sst.aws.Bucket;
  queues: readonly QueuePair[];
  proxyUrls: sst.Secret;
  contentUrlSecret: sst.Secret;
  stripeSecretKey: sst.Secret;
  stripeWebhookSecret: sst.Secret;
  settings: StageSettings;
}

export interface FunctionSpec {
  /** `functions/<file>.ts`, as the manifests write it. */
  handler: string;
  memoryMb: number;
  timeoutSeconds: number;
  browser: boolean;
  grants: readonly Grant[];
}

/**
 * Every function sees the same variables, so packages/service reads one configuration wherever
 * it runs; IAM (the links) is what differs. The admin CLI gets the same set (stacks/admin.ts).
 */
export function sharedEnvironment(resources: Resources): Record<string, $util.Input<string>> {
  return {
    TABLE_NAME: resources.table.name,
    BUCKET_NAME: resources.bucket.name,
    ...Object.fromEntries(
      resources.queues.map(({ definition, queue }) => [queueEnvName(definition.name), queue.url]),
    ),
    ...stageEnvironment(resources.settings),
  };
}

export function functionArgs(spec: FunctionSpec, resources: Resources): sst.aws.FunctionArgs {
  const link: unknown[] = [];
  const environment = sharedEnvironment(resources);
  for (const grant of spec.grants) {
    if (grant === 'table') link.push(resources.table);
    if (grant === 'bucket') link.push(resources.bucket);
    if (grant === 'queues') link.push(...resources.queues.map(({ queue }) => queue));
    if (grant === 'proxyUrls') {
      link.push(resources.proxyUrls);
      // The variable packages/capture reads in both runtimes (locally it is set by hand).
      environment.PROXY_URLS = resources.proxyUrls.value;
    }
    if (grant === 'contentUrlSecret') {
      link.push(resources.contentUrlSecret);
      environment.CONTENT_URL_SECRET = resources.contentUrlSecret.value;
    }
    if (grant === 'stripe') {
      link.push(resources.stripeSecretKey, resources.stripeWebhookSecret);
      environment.STRIPE_SECRET_KEY = resources.stripeSecretKey.value;
      environment.STRIPE_WEBHOOK_SECRET = resources.stripeWebhookSecret.value;
    }
  }
  return {
    handler: sstHandler(spec.handler),
    runtime: LAMBDA_RUNTIME,
    architecture: LAMBDA_ARCHITECTURE,
    memory: megabytes(spec.memoryMb),
    timeout: seconds(spec.timeoutSeconds),
    link,
    environment,
    ...(spec.browser
      ? { nodejs: { install: browserInstall() }, storage: megabytes(BROWSER_STORAGE_MB) }
      : {}),
  };
}
