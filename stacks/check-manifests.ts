/**
 * Offline checks of what the infrastructure is built from, for mistakes tsc cannot see: a handler
 * file that does not exist or does not export `handler`, limits AWS would reject at deploy time,
 * grants for ids that no longer exist, stage invariants, and a stale sst-env.d.ts.
 *
 * It also builds the app for staging and production against a recording stand-in for SST
 * (stacks/wiring-dry-run.ts) and checks every Lambda the stacks would create.
 *
 *   npx tsx stacks/check-manifests.ts                  check (run by .ci/check-infra)
 *   npx tsx stacks/check-manifests.ts --write-sst-env  regenerate sst-env.d.ts from the manifests
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_HANDLER, ROUTES } from '../packages/http/src/routes';
import {
  type DrainedQueue,
  deadLetterQueue,
  QUEUES,
  queueEnvName,
  SCHEDULES,
} from '../packages/service/src/queues';
import { SECRETS, type SecretName } from '../packages/service/src/secret-names';
import { TABLE_KEY_ATTRIBUTES, TABLE_SCHEMA } from '../packages/service/src/table-schema';
import {
  DEAD_LETTER_USES,
  FALLBACK_USES,
  routeUses,
  SCHEDULE_USES,
  scheduleUses,
  type Uses,
  WORKER_USES,
  workerUses,
} from './access';
import { requiredAccountConcurrency } from './capacity';
import { checkFunctionAccess, checkSecretParameters, checkUsesNames } from './check-access';
import { type BundledFunction, checkBundles } from './check-bundles';
import {
  checkAlarms,
  checkQueueThrottling,
  checkReceives,
  checkReservedConcurrency,
  checkTriggerCap,
} from './check-operations';
import { checkBucket, checkWrittenPrefixes } from './check-storage';
import { PRODUCTION_STAGE, stageEnvironment, stageSettings } from './config';
import { FONTS_LAYER } from './fonts';
import {
  API_GATEWAY_MAX_SECONDS,
  BROWSER_MIN_MEMORY_MB,
  BROWSER_STORAGE_MB,
  CHROMIUM_PACKAGE,
  CHROMIUM_VERSION,
  componentName,
  FALLBACK_MEMORY_MB,
  FALLBACK_TIMEOUT_SECONDS,
  LAMBDA_ARCHITECTURE,
  LAMBDA_MAX_MEMORY_MB,
  LAMBDA_MAX_SECONDS,
  LAMBDA_MIN_MEMORY_MB,
  LAMBDA_RUNTIME,
  megabytes,
  seconds,
  sstHandler,
} from './function-settings';
import {
  API,
  BUCKET,
  linkedResources,
  PROXY_URLS_SECRET,
  queueComponentNames,
  renderSstEnv,
  TABLE,
} from './resource-names';
import { type DryRun, dryRun, PLAIN_AWS_KINDS, type RecordedFunction } from './wiring-dry-run';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'ANY']);
const PATH_SEGMENT = /^([A-Za-z0-9._~-]+|\{[A-Za-z][A-Za-z0-9_]*\})$/;
const HANDLER_EXPORT =
  /export\s+(?:const|let|var|(?:async\s+)?function\*?)\s+handler\b|export\s*\{[^}]*\bhandler\b[^}]*\}/;

const problems: string[] = [];
const warnings: string[] = [];
const fail = (message: string) => problems.push(message);

/** SST's own lookup (pkg/runtime/node findHandlerFile): drop the export name, try these in order. */
const SST_NODE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

function sstResolve(handler: string): string | undefined {
  const parts = basename(handler).split('.');
  const base = parts.slice(0, -1).join('.');
  return SST_NODE_EXTENSIONS.map((ext) => join(ROOT, dirname(handler), base + ext)).find((file) =>
    existsSync(file),
  );
}

function checkHandler(owner: string, file: string): void {
  let handler: string;
  try {
    handler = sstHandler(file);
  } catch (error) {
    fail(`${owner}: ${(error as Error).message}`);
    return;
  }
  const path = join(ROOT, file);
  if (!existsSync(path)) {
    fail(`${owner}: handler file ${file} does not exist`);
    return;
  }
  if (sstResolve(handler) !== path) {
    fail(`${owner}: SST would resolve ${handler} to ${sstResolve(handler) ?? 'nothing'}, not ${file}`);
  }
  if (!HANDLER_EXPORT.test(readFileSync(path, 'utf8'))) {
    fail(`${owner}: ${file} does not export \`handler\``);
  }
}

function checkSize(owner: string, memoryMb: number, timeoutSeconds: number, maxSeconds: number): void {
  if (!Number.isInteger(memoryMb) || memoryMb < LAMBDA_MIN_MEMORY_MB || memoryMb > LAMBDA_MAX_MEMORY_MB) {
    fail(`${owner}: memory ${memoryMb} MB is outside ${LAMBDA_MIN_MEMORY_MB}–${LAMBDA_MAX_MEMORY_MB} MB`);
  }
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > maxSeconds) {
    fail(`${owner}: timeout ${timeoutSeconds} s is outside 1–${maxSeconds} s`);
  }
}

function checkUnique(kind: string, values: readonly string[]): void {
  const seen = new Set<string>();
  for (const value of values) {
    const key = value.toLowerCase();
    if (seen.has(key)) fail(`${kind} "${value}" is used twice`);
    seen.add(key);
  }
}

function checkRoutes(): void {
  for (const route of ROUTES) {
    const owner = `route ${route.id} (${route.method} ${route.path})`;
    checkHandler(owner, route.handler);
    if (!METHODS.has(route.method)) fail(`${owner}: method ${route.method} is not an API Gateway method`);
    const segments = route.path.split('/').slice(1);
    if (!route.path.startsWith('/') || segments.some((segment) => !PATH_SEGMENT.test(segment))) {
      fail(`${owner}: path must be /segment/{param}/… with no empty or greedy segments`);
    }
    if (componentName(route.id) === '') fail(`${owner}: id has no letters or digits`);
    checkSize(owner, route.memoryMb, route.timeoutSeconds, API_GATEWAY_MAX_SECONDS);
    if (route.browser && route.memoryMb < BROWSER_MIN_MEMORY_MB) {
      fail(`${owner}: renders with Chromium but has ${route.memoryMb} MB (needs ≥ ${BROWSER_MIN_MEMORY_MB})`);
    }
  }
  checkUnique(
    'route id',
    ROUTES.map((route) => route.id),
  );
  // SST keeps only [A-Za-z0-9] of a name, so ids differing in punctuation would collide.
  checkUnique('route name', [...ROUTES.map((route) => componentName(route.id)), 'Fallback']);
  checkUnique(
    'route',
    ROUTES.map((route) => `${route.method} ${route.path}`),
  );
  checkHandler('fallback ($default)', FALLBACK_HANDLER);
}

function checkQueues(): void {
  for (const queue of QUEUES) {
    checkWorker(queue);
    const deadLetter = deadLetterQueue(queue);
    if (deadLetter) checkWorker(deadLetter);
    if (
      !Number.isInteger(queue.maxReceiveCount) ||
      queue.maxReceiveCount < 1 ||
      queue.maxReceiveCount > 1000
    ) {
      fail(`queue ${queue.name}: maxReceiveCount ${queue.maxReceiveCount} is outside 1–1000`);
    }
  }
  checkUnique(
    'queue name',
    QUEUES.map((queue) => componentName(queue.name)),
  );
  checkUnique(
    'queue variable',
    QUEUES.map((queue) => queueEnvName(queue.name)),
  );
  for (const problem of checkReceives()) fail(problem);
}

function checkWorker(queue: DrainedQueue): void {
  const owner = `queue ${queue.name}`;
  checkHandler(owner, queue.worker);
  checkSize(owner, queue.workerMemoryMb, queue.workerTimeoutSeconds, LAMBDA_MAX_SECONDS);
  if (queue.browser && queue.workerMemoryMb < BROWSER_MIN_MEMORY_MB) {
    fail(
      `${owner}: renders with Chromium but has ${queue.workerMemoryMb} MB (needs ≥ ${BROWSER_MIN_MEMORY_MB})`,
    );
  }
  // AWS refuses an event source mapping whose queue hides messages for less than the function runs.
  if (queue.visibilityTimeoutSeconds < queue.workerTimeoutSeconds) {
    fail(
      `${owner}: visibility timeout ${queue.visibilityTimeoutSeconds} s is shorter than the worker timeout ${queue.workerTimeoutSeconds} s`,
    );
  }
  if (queue.visibilityTimeoutSeconds > 43_200) fail(`${owner}: visibility timeout exceeds 12 hours`);
  checkQueueThrottling(queue, fail);
  if (!Number.isInteger(queue.batchSize) || queue.batchSize < 1 || queue.batchSize > 10_000) {
    fail(`${owner}: batch size ${queue.batchSize} is outside 1–10000`);
  }
}

/** The search providers' keys, billed per query. */
const SEARCH_KEYS: readonly SecretName[] = ['BRAVE_API_KEY', 'SERPER_API_KEY'];

function checkGrants(): void {
  checkUsesNames(fail);
  // The proxy map holds credentials: only routes that capture may read it.
  for (const route of ROUTES) {
    if (routeUses(route).secrets?.includes('PROXY_URLS') && route.scope !== 'capture') {
      fail(`route ${route.id} does not capture but reads the proxy map`);
    }
    // The search API keys are billed per query: only the search route may hold them.
    const searchKeys = routeUses(route).secrets?.filter((name) => SEARCH_KEYS.includes(name)) ?? [];
    if (route.id === 'search' ? searchKeys.length !== SEARCH_KEYS.length : searchKeys.length > 0) {
      fail(`route ${route.id}: only the search route gets the search API keys`);
    }
    // The Stripe API key moves money: only billing routes may hold it; the webhook's signing
    // secret belongs to the webhook route alone.
    const secrets = routeUses(route).secrets ?? [];
    if (secrets.includes('STRIPE_SECRET_KEY') && route.scope !== 'billing') {
      fail(`route ${route.id} is not a billing route but reads the Stripe API key`);
    }
    if (secrets.includes('STRIPE_WEBHOOK_SECRET') !== (route.id === 'billing-webhook')) {
      fail(`route ${route.id}: only billing-webhook gets the Stripe webhook secret`);
    }
  }
  for (const uses of [...Object.values(WORKER_USES), ...Object.values(SCHEDULE_USES), DEAD_LETTER_USES]) {
    if (uses.secrets?.some((name) => name.startsWith('STRIPE_')))
      fail('only billing routes read the Stripe secrets');
  }
}

function checkStages(): void {
  for (const stage of [PRODUCTION_STAGE, 'staging', 'ci', 'pr-1', 'someone']) {
    const settings = stageSettings(stage);
    const want = stage === PRODUCTION_STAGE ? 'live' : 'test';
    if (settings.keyEnvironment !== want)
      fail(`stage ${stage}: keys must be ${want}, got ${settings.keyEnvironment}`);
    const environment = stageEnvironment(settings);
    if (environment.ALLOW_PRIVATE_TARGETS !== 'false')
      fail(`stage ${stage}: ALLOW_PRIVATE_TARGETS must be false`);
    if (!['snake', 'camel'].includes(environment.ERROR_STYLE ?? '')) fail(`stage ${stage}: bad ERROR_STYLE`);
    const base = settings.publicBaseUrl;
    if (base !== undefined && (!URL.canParse(base) || new URL(base).protocol !== 'https:'))
      fail(`stage ${stage}: publicBaseUrl must be an https URL`);
  }
}

function checkSchedules(): void {
  for (const schedule of SCHEDULES) {
    const owner = `schedule ${schedule.name}`;
    checkHandler(owner, schedule.handler);
    checkSize(owner, schedule.memoryMb, schedule.timeoutSeconds, LAMBDA_MAX_SECONDS);
    // EventBridge's rate() takes whole minutes, one at least.
    if (!Number.isInteger(schedule.rateMinutes) || schedule.rateMinutes < 1) {
      fail(`${owner}: rate ${schedule.rateMinutes} minutes is not a whole number of minutes ≥ 1`);
    }
  }
  checkUnique(
    'schedule name',
    SCHEDULES.map((schedule) => schedule.name),
  );
}

function checkTableSchema(): void {
  const { listingIndex, pendingIndex } = TABLE_SCHEMA;
  checkUnique('table key attribute', TABLE_KEY_ATTRIBUTES);
  checkUnique('table index', [listingIndex.name, pendingIndex.name]);
}

/** The version SST installs into renderer functions must be exactly the one the code is tested with. */
function checkChromiumPin(): void {
  if (!/^\d+\.\d+\.\d+$/.test(CHROMIUM_VERSION)) {
    fail(`${CHROMIUM_PACKAGE}@${CHROMIUM_VERSION} in nodejs.install is a range, not an exact version`);
  }
  const manifests = [
    join(ROOT, 'package.json'),
    ...readdirSync(join(ROOT, 'packages')).map((dir) => join(ROOT, 'packages', dir, 'package.json')),
  ].filter((file) => existsSync(file));
  let declared = false;
  for (const file of manifests) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string> | undefined>;
    const range = json.dependencies?.[CHROMIUM_PACKAGE] ?? json.devDependencies?.[CHROMIUM_PACKAGE];
    if (range === undefined) continue;
    declared = true;
    if (range !== CHROMIUM_VERSION) {
      fail(
        `${file.slice(ROOT.length + 1)} pins ${CHROMIUM_PACKAGE}@${range}, Lambdas get ${CHROMIUM_VERSION}`,
      );
    }
  }
  const renders = ROUTES.some((route) => route.browser) || QUEUES.some((queue) => queue.browser);
  if (renders && !declared) {
    warnings.push(`a function renders with Chromium but no package.json depends on ${CHROMIUM_PACKAGE} yet`);
  }
}

interface ExpectedFunction {
  owner: string;
  file: string;
  memoryMb: number;
  timeoutSeconds: number;
  browser: boolean;
  uses: Uses;
}

/** One Lambda as stacks/ would hand it to SST, compared with what the manifests ask for. */
function checkFunction(stage: string, fn: RecordedFunction, want: ExpectedFunction): void {
  const owner = `${stage}: ${want.owner}`;
  const { args } = fn;
  const expect = (what: string, got: unknown, wanted: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(wanted)) {
      fail(`${owner}: ${what} is ${JSON.stringify(got)}, expected ${JSON.stringify(wanted)}`);
    }
  };
  expect('handler', args.handler, sstHandler(want.file));
  expect('runtime', args.runtime, LAMBDA_RUNTIME);
  expect('architecture', args.architecture, LAMBDA_ARCHITECTURE);
  expect('memory', args.memory, megabytes(want.memoryMb));
  expect('timeout', args.timeout, seconds(want.timeoutSeconds));
  checkFunctionAccess(owner, fn, want.uses, fail);
  const install = args.nodejs?.install;
  const installs = Array.isArray(install) ? install : Object.keys(install ?? {});
  expect('nodejs.install', installs, want.browser ? [CHROMIUM_PACKAGE] : []);
  expect('storage', args.storage, want.browser ? megabytes(BROWSER_STORAGE_MB) : undefined);
  expect('layers', args.layers, want.browser ? [`<${FONTS_LAYER}.arn>`] : undefined);
  const env = args.environment ?? {};
  expect('TABLE_NAME', env.TABLE_NAME, `<${TABLE}.name>`);
  expect('BUCKET_NAME', env.BUCKET_NAME, `<${BUCKET}.name>`);
  for (const queue of QUEUES) {
    expect(
      queueEnvName(queue.name),
      env[queueEnvName(queue.name)],
      `<${queueComponentNames(queue.name).queue}.url>`,
    );
  }
  expect('KEY_ENVIRONMENT', env.KEY_ENVIRONMENT, stage === PRODUCTION_STAGE ? 'live' : 'test');
  expect('ALLOW_PRIVATE_TARGETS', env.ALLOW_PRIVATE_TARGETS, 'false');
  expect('ERROR_STYLE', env.ERROR_STYLE, stageSettings(stage).errorStyle);
  expect('SCHEMA_ENABLED', env.SCHEMA_ENABLED, String(stageSettings(stage).schemaEnabled));
  expect('SEARCH_PROVIDERS', env.SEARCH_PROVIDERS, stageSettings(stage).searchProviders);
  expect('SEARXNG_URL', env.SEARXNG_URL, stageSettings(stage).searxngUrl);
  expect('PUBLIC_BASE_URL', env.PUBLIC_BASE_URL, stageSettings(stage).publicBaseUrl ?? `<${API}.url>`);
}

/** A worker's event source mapping and function, as its queue (or dead-letter queue) declares them. */
function checkSubscription(stage: string, fn: RecordedFunction, queue: DrainedQueue, uses: Uses): void {
  const batch = fn.options.batch as { size?: number; partialResponses?: boolean } | undefined;
  if (batch?.size !== queue.batchSize)
    fail(`${stage}: worker ${queue.name} batch size is not ${queue.batchSize}`);
  if (batch?.partialResponses !== true)
    fail(`${stage}: worker ${queue.name} must report partial batch failures`);
  checkTriggerCap(stage, fn, queue, fail);
  checkFunction(stage, fn, {
    owner: `worker ${queue.name}`,
    file: queue.worker,
    memoryMb: queue.workerMemoryMb,
    timeoutSeconds: queue.workerTimeoutSeconds,
    browser: queue.browser,
    uses,
  });
}

function checkStageWiring(stage: string, run: DryRun): void {
  const routes = run.functions.filter((fn) => fn.kind === 'route');
  const workers = run.functions.filter((fn) => fn.kind === 'worker');
  const only = <T>(items: T[], what: string): T | undefined => {
    if (items.length !== 1) fail(`${stage}: ${what} is wired ${items.length} times, expected once`);
    return items[0];
  };
  if (routes.length !== ROUTES.length + 1) {
    fail(`${stage}: ${routes.length} API routes for ${ROUTES.length} manifest routes + $default`);
  }
  for (const route of ROUTES) {
    const fn = only(
      routes.filter((candidate) => candidate.trigger === `${route.method} ${route.path}`),
      `route ${route.id}`,
    );
    if (!fn) continue;
    if (fn.options.name !== componentName(route.id))
      fail(`${stage}: route ${route.id} is not named after its id`);
    checkFunction(stage, fn, {
      owner: `route ${route.id}`,
      file: route.handler,
      ...route,
      uses: routeUses(route),
    });
  }
  const fallback = only(
    routes.filter((fn) => fn.trigger === '$default'),
    '$default',
  );
  if (fallback) {
    checkFunction(stage, fallback, {
      owner: '$default',
      file: FALLBACK_HANDLER,
      memoryMb: FALLBACK_MEMORY_MB,
      timeoutSeconds: FALLBACK_TIMEOUT_SECONDS,
      browser: false,
      uses: FALLBACK_USES,
    });
  }
  for (const queue of QUEUES) {
    const names = queueComponentNames(queue.name);
    const fn = only(
      workers.filter((candidate) => candidate.trigger === names.queue),
      `worker of ${queue.name}`,
    );
    if (fn) checkSubscription(stage, fn, queue, workerUses(queue));
    const deadLetter = deadLetterQueue(queue);
    const deadLetterWorkers = workers.filter((candidate) => candidate.trigger === names.deadLetter);
    if (!deadLetter && deadLetterWorkers.length)
      fail(`${stage}: ${names.deadLetter} has a worker it does not declare`);
    if (deadLetter) {
      const drainer = only(deadLetterWorkers, `dead-letter worker of ${queue.name}`);
      if (drainer) checkSubscription(stage, drainer, deadLetter, DEAD_LETTER_USES);
      const component = run.components.find((c) => c.kind === 'Queue' && c.name === names.deadLetter);
      if (component?.args.visibilityTimeout !== seconds(deadLetter.visibilityTimeoutSeconds)) {
        fail(
          `${stage}: ${names.deadLetter} visibility timeout is not ${deadLetter.visibilityTimeoutSeconds} s`,
        );
      }
    }
    const main = run.components.find((c) => c.kind === 'Queue' && c.name === names.queue);
    const dlq = main?.args.dlq as { queue?: string; retry?: number } | undefined;
    if (dlq?.queue !== `<${names.deadLetter}.arn>` || dlq.retry !== queue.maxReceiveCount) {
      fail(
        `${stage}: queue ${queue.name} must redrive to ${names.deadLetter} after ${queue.maxReceiveCount} receives`,
      );
    }
    if (main?.args.visibilityTimeout !== seconds(queue.visibilityTimeoutSeconds)) {
      fail(`${stage}: queue ${queue.name} visibility timeout is not ${queue.visibilityTimeoutSeconds} s`);
    }
  }
  for (const schedule of SCHEDULES) {
    const fn = only(
      run.functions.filter(
        (candidate) => candidate.kind === 'schedule' && candidate.trigger === componentName(schedule.name),
      ),
      `schedule ${schedule.name}`,
    );
    if (!fn) continue;
    if (fn.options.schedule !== `rate(${schedule.rateMinutes} minutes)`) {
      fail(`${stage}: schedule ${schedule.name} does not run every ${schedule.rateMinutes} minutes`);
    }
    checkFunction(stage, fn, {
      owner: `schedule ${schedule.name}`,
      file: schedule.handler,
      memoryMb: schedule.memoryMb,
      timeoutSeconds: schedule.timeoutSeconds,
      browser: false,
      uses: scheduleUses(schedule),
    });
  }
  // Without its placeholder, a stage that has no proxies could not deploy until the secret is set.
  const proxies = run.components.find((c) => c.kind === 'Secret' && c.name === PROXY_URLS_SECRET);
  if (proxies?.args.placeholder !== SECRETS.PROXY_URLS.placeholder) {
    fail(
      `${stage}: secret ${PROXY_URLS_SECRET} must default to ${SECRETS.PROXY_URLS.placeholder} (no proxies)`,
    );
  }
  checkSecretParameters(stage, run.components, fail);
  checkBucket(stage, run, fail);
  checkReservedConcurrency(stage, run, fail);
  alarmCount = checkAlarms(stage, run, fail);
  const table = run.components.find((c) => c.kind === 'Dynamo');
  if (table?.args.deletionProtection !== (stage === PRODUCTION_STAGE)) {
    fail(`${stage}: table deletion protection must be on for production only`);
  }
  // What `sst deploy` will write into sst-env.d.ts: every top-level linkable component.
  const linkable = run.components
    .filter(
      (c) =>
        c.kind !== 'DevCommand' &&
        c.kind !== 'Cron' &&
        !(PLAIN_AWS_KINDS as readonly string[]).includes(c.kind),
    )
    .map((c) => c.name)
    .sort();
  const declared = linkedResources(QUEUES.map((queue) => queue.name))
    .map((r) => r.name)
    .sort();
  if (JSON.stringify(linkable) !== JSON.stringify(declared)) {
    fail(
      `${stage}: stacks create ${linkable.join(', ')} but sst-env.d.ts is rendered for ${declared.join(', ')}`,
    );
  }
  for (const key of ['api', 'table', 'bucket']) {
    if (!(key in run.outputs)) fail(`${stage}: output ${key} is missing`);
  }
}

async function checkWiring(): Promise<string> {
  let lambdas = 0;
  for (const stage of ['staging', PRODUCTION_STAGE]) {
    let run: DryRun;
    try {
      run = await dryRun(stage);
    } catch (error) {
      fail(`${stage}: building the stacks threw: ${(error as Error).stack ?? error}`);
      continue;
    }
    checkStageWiring(stage, run);
    lambdas = run.functions.length;
  }
  return `${lambdas} Lambdas on ${LAMBDA_RUNTIME}/${LAMBDA_ARCHITECTURE}`;
}

function checkSstEnv(write: boolean): void {
  const expected = renderSstEnv(linkedResources(QUEUES.map((queue) => queue.name)));
  const file = join(ROOT, 'sst-env.d.ts');
  if (write) {
    writeFileSync(file, expected);
    console.log('wrote sst-env.d.ts');
    return;
  }
  const actual = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (actual !== expected) {
    fail(
      'sst-env.d.ts is out of date: run `npx tsx stacks/check-manifests.ts --write-sst-env` and commit it',
    );
  }
}

/** Every Lambda the stacks create, with its handler file and declared calls, for the bundle checks. */
function everyFunction(): BundledFunction[] {
  return [
    ...ROUTES.map((route) => ({
      owner: `route ${route.id}`,
      file: route.handler,
      browser: route.browser,
      uses: routeUses(route),
    })),
    { owner: 'route $default', file: FALLBACK_HANDLER, browser: false, uses: FALLBACK_USES },
    ...QUEUES.flatMap((queue) => {
      const deadLetter = deadLetterQueue(queue);
      return [
        {
          owner: `worker ${queue.name}`,
          file: queue.worker,
          browser: queue.browser,
          uses: workerUses(queue),
        },
        ...(deadLetter
          ? [
              {
                owner: `worker ${deadLetter.name}`,
                file: deadLetter.worker,
                browser: false,
                uses: DEAD_LETTER_USES,
              },
            ]
          : []),
      ];
    }),
    ...SCHEDULES.map((schedule) => ({
      owner: `schedule ${schedule.name}`,
      file: schedule.handler,
      browser: false,
      uses: scheduleUses(schedule),
    })),
  ];
}

function chromiumUsers(): string[] {
  return [
    ...ROUTES.filter((route) => route.browser).map((route) => route.id),
    ...QUEUES.filter((queue) => queue.browser).map((queue) => `worker ${queue.name}`),
  ];
}

checkRoutes();
checkQueues();
checkGrants();
checkStages();
checkSchedules();
checkTableSchema();
checkChromiumPin();
checkSstEnv(process.argv.includes('--write-sst-env'));
const writers = checkWrittenPrefixes(ROOT, fail);
let alarmCount = 0;
const wiring = await checkWiring();
const bundles = await checkBundles(ROOT, everyFunction(), fail, (warning) => warnings.push(warning));

for (const warning of warnings) console.log(`  warning: ${warning}`);
if (problems.length > 0) {
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  console.error(`manifests: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  `manifests: ${ROUTES.length} routes + $default, ${QUEUES.length} queue(s), ${SCHEDULES.length} schedule(s); handlers exist and export \`handler\``,
);
console.log(
  `wiring (staging, production): ${wiring}; Chromium only in ${chromiumUsers().join(', ') || 'none'}`,
);
console.log(`bundles: ${bundles.bundlingChromium} handler(s) reach Chromium, each marked browser: true`);
console.log(
  `objects: ${writers.length} file(s) write S3 keys, every prefix with a lifecycle expiry; ${alarmCount} alarms`,
);
const quota = requiredAccountConcurrency();
console.log(
  `concurrency: ${quota.reserved} reserved for routes + ${quota.workers} queue trigger caps + 100 unreserved = account quota ≥ ${quota.total}`,
);
console.log(
  `bundle sizes (deployed, minified; Chromium installed beside):\n${bundles.sizes.map((line) => `  ${line}`).join('\n')}`,
);
