/**
 * Least privilege and secrets, checked on the dry run: every function's IAM statements are exactly
 * what stacks/access.ts declares for it (no SST links to the table, bucket or queues, which would
 * grant `dynamodb:*`, `s3:*`, `sqs:*`), no statement has a wildcard, and no secret reaches a
 * function's environment as a value.
 */
import { ROUTES } from '../packages/http/src/routes';
import { OBJECT_RETENTION } from '../packages/service/src/object-retention';
import { QUEUES, SCHEDULES } from '../packages/service/src/queues';
import { SECRETS, type SecretName, secretParameterVariable } from '../packages/service/src/secret-names';
import { ROUTE_USES, SCHEDULE_USES, statements, type Uses, WORKER_USES } from './access';
import { BUCKET, queueComponentNames, TABLE } from './resource-names';
import type { RecordedFunction } from './wiring-dry-run';

type Fail = (message: string) => void;

/** The placeholders the dry run hands out for the ARNs a statement names. */
const parameterComponent = (secret: SecretName) => `${SECRETS[secret].component}Parameter`;

export function expectedStatements(uses: Uses) {
  return statements(
    uses,
    {
      table: `<${TABLE}.arn>`,
      index: (name) => `<${TABLE}.arn>/index/${name}`,
      bucket: `<${BUCKET}.arn>`,
      objects: (prefix) => `<${BUCKET}.arn>/${prefix}*`,
      queue: (name) => `<${queueComponentNames(name).queue}.arn>`,
      allQueues: QUEUES.map((queue) => `<${queueComponentNames(queue.name).queue}.arn>`),
      secret: (name) => `<${parameterComponent(name)}.arn>`,
    },
    (name) => OBJECT_RETENTION[name].prefix,
  );
}

/** Ids in stacks/access.ts that name no route, queue, schedule, index or queue any more. */
export function checkUsesNames(fail: Fail): void {
  const routeIds = new Set(ROUTES.map((route) => route.id));
  for (const id of Object.keys(ROUTE_USES)) {
    if (!routeIds.has(id)) fail(`stacks/access.ts declares route "${id}", which is not in ROUTES`);
  }
  const queueNames = new Set(QUEUES.map((queue) => queue.name));
  for (const name of Object.keys(WORKER_USES)) {
    if (!queueNames.has(name)) fail(`stacks/access.ts declares worker "${name}", which is not in QUEUES`);
  }
  for (const queue of QUEUES) {
    if (!WORKER_USES[queue.name]) fail(`stacks/access.ts declares nothing for the ${queue.name} worker`);
  }
  for (const schedule of SCHEDULES) {
    if (!SCHEDULE_USES[schedule.name])
      fail(`stacks/access.ts declares nothing for schedule ${schedule.name}`);
  }
  for (const [owner, uses] of [
    ...Object.entries(ROUTE_USES),
    ...Object.entries(WORKER_USES),
    ...Object.entries(SCHEDULE_USES),
  ]) {
    for (const queue of uses.sends ?? []) {
      if (!queueNames.has(queue)) fail(`stacks/access.ts: ${owner} sends to unknown queue ${queue}`);
    }
  }
}

const WILDCARD_ACTION = /\*/;
/** A resource may end in `*` only as an S3 prefix (`<bucket>/scrapes/*`). */
const ALLOWED_RESOURCE_WILDCARD = /\/[a-z][a-z0-9-]*\/\*$/;

/** IAM, links and environment of one recorded function against its declaration. */
export function checkFunctionAccess(owner: string, fn: RecordedFunction, uses: Uses, fail: Fail): void {
  const links = (fn.args.link ?? []).map((component) => component.componentName);
  if (links.length > 0) {
    fail(
      `${owner}: linked to ${links.join(', ')}; a link grants every action — declare its calls in stacks/access.ts`,
    );
  }
  const got = fn.args.permissions ?? [];
  for (const statement of got) {
    for (const action of statement.actions) {
      if (WILDCARD_ACTION.test(action)) fail(`${owner}: wildcard action ${action}`);
    }
    for (const resource of statement.resources) {
      if (resource.includes('*') && !ALLOWED_RESOURCE_WILDCARD.test(resource)) {
        fail(`${owner}: wildcard resource ${resource}`);
      }
    }
  }
  const want = expectedStatements(uses);
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    fail(`${owner}: IAM is ${JSON.stringify(got)}, but stacks/access.ts declares ${JSON.stringify(want)}`);
  }
  const env = fn.args.environment ?? {};
  for (const [key, value] of Object.entries(env)) {
    if (key in SECRETS) fail(`${owner}: secret ${key} is a plain environment variable`);
    if (/\.value>$/.test(String(value))) fail(`${owner}: ${key} carries a secret's value (${value})`);
  }
  for (const secret of Object.keys(SECRETS) as SecretName[]) {
    const variable = secretParameterVariable(secret);
    const expected = uses.secrets?.includes(secret) ? `<${parameterComponent(secret)}.name>` : undefined;
    if (env[variable] !== expected) {
      fail(`${owner}: ${variable} is ${env[variable] ?? 'unset'}, expected ${expected ?? 'unset'}`);
    }
  }
}

/** Each secret some function reads is an SSM SecureString copied from its SST secret. */
export function checkSecretParameters(
  stage: string,
  components: readonly { kind: string; name: string; args: Record<string, unknown> }[],
  fail: Fail,
): void {
  for (const parameter of components.filter((c) => c.kind === 'Parameter')) {
    const component = parameter.name.replace(/Parameter$/, '');
    if (parameter.args.type !== 'SecureString') fail(`${stage}: ${parameter.name} is not a SecureString`);
    if (parameter.args.value !== `<${component}.value>`) {
      fail(`${stage}: ${parameter.name} does not hold the ${component} secret`);
    }
    if (parameter.args.name !== `/webcapture/${stage}/${component}`) {
      fail(`${stage}: ${parameter.name} is not under /webcapture/${stage}/`);
    }
  }
}

/** Whether a bundle's text shows the calls a declaration grants: a grant with no call is unused. */
export function unusedGrants(uses: Uses, bundle: string): string[] {
  const unused: string[] = [];
  const calls = (pattern: RegExp) => pattern.test(bundle);
  if (
    uses.table &&
    !calls(/\b(GetCommand|QueryCommand|GetItemCommand|TransactWriteCommand|BatchGetCommand)\b/)
  ) {
    unused.push('the table');
  }
  if (
    uses.table === 'write' &&
    !calls(/\b(PutCommand|UpdateCommand|DeleteCommand|TransactWriteCommand|BatchWriteCommand)\b/)
  ) {
    unused.push('table writes');
  }
  for (const index of uses.indexes ?? []) {
    if (!bundle.includes(`'${index}'`) && !bundle.includes(`"${index}"`)) unused.push(`index ${index}`);
  }
  if ((uses.objects?.read?.length ?? 0) > 0 && !calls(/\bGetObjectCommand\b/)) unused.push('S3 reads');
  if ((uses.objects?.write?.length ?? 0) > 0 && !calls(/\bPutObjectCommand\b/)) unused.push('S3 writes');
  if ((uses.objects?.delete?.length ?? 0) > 0 && !calls(/\bDeleteObjectCommand\b/)) unused.push('S3 deletes');
  if (uses.sends?.length && !calls(/\bSendMessage(Batch)?Command\b/)) unused.push('SQS sends');
  // Read as `process.env.NAME`, or by name from a table of variables (packages/search's NEEDS).
  for (const secret of uses.secrets ?? []) {
    const read = [`process.env.${secret}`, `'${secret}'`, `"${secret}"`].some((form) =>
      bundle.includes(form),
    );
    if (!read) unused.push(`secret ${secret}`);
  }
  return unused;
}
