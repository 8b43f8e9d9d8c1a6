/**
 * One place that turns a function spec (from the route or queue manifest) into SST Function
 * arguments: runtime, size, IAM and environment are decided here for every Lambda alike.
 */
import { OBJECT_RETENTION } from '../packages/service/src/object-retention';
import { type QueueDefinition, queueEnvName } from '../packages/service/src/queues';
import { type SecretName, secretParameterVariable } from '../packages/service/src/secret-names';
import { type AccessTargets, statements, type Uses } from './access';
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
  /** The SSM SecureString of each secret some function reads (stacks/secrets.ts). */
  secretParameters: Partial<Record<SecretName, aws.ssm.Parameter>>;
  /** CJK and emoji fonts for the Chromium functions (stacks/fonts.ts). */
  fontsLayer: aws.lambda.LayerVersion;
  settings: StageSettings;
  /** Where clients reach the API: every URL a function hands out is absolute under it. */
  publicBaseUrl: $util.Input<string>;
}

export interface FunctionSpec {
  /** `functions/<file>.ts`, as the manifests write it. */
  handler: string;
  memoryMb: number;
  timeoutSeconds: number;
  browser: boolean;
  uses: Uses;
  /** Reserved concurrency (API routes): capacity queue workers cannot take, and the route's cap. */
  reservedConcurrency?: number;
}

/**
 * Every function sees the same plain variables, so packages/service reads one configuration
 * wherever it runs; IAM is what differs. The admin CLI gets the same set (stacks/admin.ts).
 */
export function sharedEnvironment(resources: Resources): Record<string, $util.Input<string>> {
  return {
    TABLE_NAME: resources.table.name,
    BUCKET_NAME: resources.bucket.name,
    ...Object.fromEntries(
      resources.queues.map(({ definition, queue }) => [queueEnvName(definition.name), queue.url]),
    ),
    ...stageEnvironment(resources.settings),
    // Queue workers and schedules have no request to take it from (packages/service/src/config.ts).
    PUBLIC_BASE_URL: resources.publicBaseUrl,
  };
}

function accessTargets(resources: Resources): AccessTargets<$util.Input<string>> {
  const queueArn = (name: string) => {
    const pair = resources.queues.find(({ definition }) => definition.name === name);
    if (!pair) throw new Error(`stacks/access.ts names queue ${name}, which is not in QUEUES`);
    return pair.queue.arn;
  };
  const secretArn = (name: SecretName) => {
    const parameter = resources.secretParameters[name];
    if (!parameter) throw new Error(`secret ${name} has no parameter (stacks/secrets.ts)`);
    return parameter.arn;
  };
  return {
    table: resources.table.arn,
    index: (name) => $interpolate`${resources.table.arn}/index/${name}`,
    bucket: resources.bucket.arn,
    objects: (prefix) => $interpolate`${resources.bucket.arn}/${prefix}*`,
    queue: (name) => queueArn(name),
    allQueues: resources.queues.map(({ queue }) => queue.arn),
    secret: (name) => secretArn(name),
  };
}

export function functionArgs(spec: FunctionSpec, resources: Resources): sst.aws.FunctionArgs {
  const environment = sharedEnvironment(resources);
  // Only the parameter's name: the value is read at cold start (packages/service/src/secrets.ts).
  for (const secret of spec.uses.secrets ?? []) {
    const parameter = resources.secretParameters[secret];
    if (parameter) environment[secretParameterVariable(secret)] = parameter.name;
  }
  return {
    handler: sstHandler(spec.handler),
    runtime: LAMBDA_RUNTIME,
    architecture: LAMBDA_ARCHITECTURE,
    memory: megabytes(spec.memoryMb),
    timeout: seconds(spec.timeoutSeconds),
    permissions: statements(spec.uses, accessTargets(resources), (name) => OBJECT_RETENTION[name].prefix),
    environment,
    ...(spec.reservedConcurrency ? { concurrency: { reserved: spec.reservedConcurrency } } : {}),
    ...(spec.browser
      ? {
          nodejs: { install: browserInstall() },
          storage: megabytes(BROWSER_STORAGE_MB),
          layers: [resources.fontsLayer.arn],
        }
      : {}),
  };
}
