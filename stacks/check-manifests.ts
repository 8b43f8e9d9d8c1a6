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
import { TABLE_KEY_ATTRIBUTES, TABLE_SCHEMA } from '../packages/service/src/table-schema';
import {
  DEAD_LETTER_GRANTS,
  FALLBACK_GRANTS,
  type Grant,
  NON_CAPTURING_ROUTES,
  ROUTE_GRANTS,
  routeGrants,
  SCHEDULE_GRANTS,
  scheduleGrants,
  WORKER_GRANTS,
  workerGrants,
} from './access';
import { PRODUCTION_STAGE, stageEnvironment, stageSettings } from './config';
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
  BUCKET,
  CONTENT_URL_SECRET,
  linkedResources,
  PROXY_URLS_SECRET,
  queueComponentNames,
  renderSstEnv,
  STRIPE_SECRET_KEY_SECRET,
  STRIPE_WEBHOOK_SECRET_SECRET,
  TABLE,
} from './resource-names';
import { NO_PROXIES } from './secrets';
import { type DryRun, dryRun, linkNames, type RecordedFunction } from './wiring-dry-run';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Routes the spec states but this release answers 501 for: they capture nothing yet. */
const NOT_IMPLEMENTED_HANDLER = 'functions/not-implemented.ts';
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
  if (!Number.isInteger(queue.batchSize) || queue.batchSize < 1 || queue.batchSize > 10_000) {
    fail(`${owner}: batch size ${queue.batchSize} is outside 1–10000`);
  }
}

function checkGrants(): void {
  const routeIds = new Set(ROUTES.map((route) => route.id));
  for (const id of Object.keys(ROUTE_GRANTS)) {
    if (!routeIds.has(id)) fail(`stacks/access.ts grants route "${id}", which is not in ROUTES`);
  }
  const queueNames = new Set(QUEUES.map((queue) => queue.name));
  for (const name of Object.keys(WORKER_GRANTS)) {
    if (!queueNames.has(name)) fail(`stacks/access.ts grants worker "${name}", which is not in QUEUES`);
  }
  // The proxy map holds credentials: every built capture route needs it, no other route gets it.
  for (const route of ROUTES) {
    const proxied = routeGrants(route).includes('proxyUrls');
    const captures =
      route.scope === 'capture' &&
      route.handler !== NOT_IMPLEMENTED_HANDLER &&
      !NON_CAPTURING_ROUTES.includes(route.id);
    if (proxied !== captures) {
      fail(`route ${route.id} ${captures ? 'captures without' : 'does not capture but gets'} the proxy map`);
    }
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
  for (const name of Object.keys(SCHEDULE_GRANTS)) {
    if (!SCHEDULES.some((schedule) => schedule.name === name))
      fail(`SCHEDULE_GRANTS names unknown schedule ${name}`);
  }
}

function checkTableSchema(): void {
  const { listingIndex, pendingIndex } = TABLE_SCHEMA;
  checkUnique('table key attribute', TABLE_KEY_ATTRIBUTES);
  checkUnique('table index', [listingIndex.name, pendingIndex.name]);
}

/** The version SST installs into renderer functions must be the one the code is written against. */
function checkChromiumPin(): void {
  const major = CHROMIUM_VERSION.split('.')[0] ?? '';
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
    if (range.replace(/^[\^~=v]+/, '').split('.')[0] !== major) {
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
  grants: readonly Grant[];
}

function expectedLinks(grants: readonly Grant[]): string[] {
  const names: string[] = [];
  if (grants.includes('table')) names.push(TABLE);
  if (grants.includes('bucket')) names.push(BUCKET);
  if (grants.includes('queues')) names.push(...QUEUES.map((queue) => queueComponentNames(queue.name).queue));
  if (grants.includes('proxyUrls')) names.push(PROXY_URLS_SECRET);
  if (grants.includes('contentUrlSecret')) names.push(CONTENT_URL_SECRET);
  if (grants.includes('stripe')) names.push(STRIPE_SECRET_KEY_SECRET, STRIPE_WEBHOOK_SECRET_SECRET);
  return names.sort();
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
  expect('links', linkNames(fn), expectedLinks(want.grants));
  const install = args.nodejs?.install;
  const installs = Array.isArray(install) ? install : Object.keys(install ?? {});
  expect('nodejs.install', installs, want.browser ? [CHROMIUM_PACKAGE] : []);
  expect('storage', args.storage, want.browser ? megabytes(BROWSER_STORAGE_MB) : undefined);
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
  expect(
    'PROXY_URLS',
    env.PROXY_URLS,
    want.grants.includes('proxyUrls') ? `<${PROXY_URLS_SECRET}.value>` : undefined,
  );
  expect(
    'CONTENT_URL_SECRET',
    env.CONTENT_URL_SECRET,
    want.grants.includes('contentUrlSecret') ? `<${CONTENT_URL_SECRET}.value>` : undefined,
  );
  const stripe = want.grants.includes('stripe');
  expect(
    'STRIPE_SECRET_KEY',
    env.STRIPE_SECRET_KEY,
    stripe ? `<${STRIPE_SECRET_KEY_SECRET}.value>` : undefined,
  );
  expect(
    'STRIPE_WEBHOOK_SECRET',
    env.STRIPE_WEBHOOK_SECRET,
    stripe ? `<${STRIPE_WEBHOOK_SECRET_SECRET}.value>` : undefined,
  );
}

/** A worker's event source mapping and function, as its queue (or dead-letter queue) declares them. */
function checkSubscription(
  stage: string,
  fn: RecordedFunction,
  queue: DrainedQueue,
  grants: readonly Grant[],
): void {
  const batch = fn.options.batch as { size?: number; partialResponses?: boolean } | undefined;
  if (batch?.size !== queue.batchSize)
    fail(`${stage}: worker ${queue.name} batch size is not ${queue.batchSize}`);
  if (batch?.partialResponses !== true)
    fail(`${stage}: worker ${queue.name} must report partial batch failures`);
  checkFunction(stage, fn, {
    owner: `worker ${queue.name}`,
    file: queue.worker,
    memoryMb: queue.workerMemoryMb,
    timeoutSeconds: queue.workerTimeoutSeconds,
    browser: queue.browser,
    grants,
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
      grants: routeGrants(route),
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
      grants: FALLBACK_GRANTS,
    });
  }
  for (const queue of QUEUES) {
    const names = queueComponentNames(queue.name);
    const fn = only(
      workers.filter((candidate) => candidate.trigger === names.queue),
      `worker of ${queue.name}`,
    );
    if (fn) checkSubscription(stage, fn, queue, workerGrants(queue));
    const deadLetter = deadLetterQueue(queue);
    const deadLetterWorkers = workers.filter((candidate) => candidate.trigger === names.deadLetter);
    if (!deadLetter && deadLetterWorkers.length)
      fail(`${stage}: ${names.deadLetter} has a worker it does not declare`);
    if (deadLetter) {
      const drainer = only(deadLetterWorkers, `dead-letter worker of ${queue.name}`);
      if (drainer) checkSubscription(stage, drainer, deadLetter, DEAD_LETTER_GRANTS);
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
      grants: scheduleGrants(schedule),
    });
  }
  // Without its placeholder, a stage that has no proxies could not deploy until the secret is set.
  const proxies = run.components.find((c) => c.kind === 'Secret' && c.name === PROXY_URLS_SECRET);
  if (proxies?.args.placeholder !== NO_PROXIES) {
    fail(`${stage}: secret ${PROXY_URLS_SECRET} must default to ${NO_PROXIES} (no proxies)`);
  }
  const table = run.components.find((c) => c.kind === 'Dynamo');
  if (table?.args.deletionProtection !== (stage === PRODUCTION_STAGE)) {
    fail(`${stage}: table deletion protection must be on for production only`);
  }
  // What `sst deploy` will write into sst-env.d.ts: every top-level linkable component.
  const linkable = run.components
    .filter((c) => c.kind !== 'DevCommand' && c.kind !== 'Cron')
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

/** What pulls Chromium into a bundle: the render package, or the browser libraries themselves. */
const BROWSER_MODULES =
  /(^|\/)(packages\/render\/|node_modules\/(puppeteer-core|@sparticuz\/chromium)\/)|^(puppeteer-core|@sparticuz\/chromium)(\/|$)/;

/**
 * Bundles every handler the way SST does (esbuild, our packages inlined, other packages left as
 * imports) and fails any whose manifest entry does not say `browser: true` but whose bundle
 * reaches Chromium. Returns how many functions bundle it.
 */
async function checkChromiumBundles(): Promise<number> {
  const { build } = await import('esbuild');
  const browserByFile = new Map<string, boolean>();
  for (const owner of [
    ...ROUTES.map((r) => ({ file: r.handler, browser: r.browser })),
    ...QUEUES.flatMap((q) => [q, deadLetterQueue(q) ?? []].flat()).map((q) => ({
      file: q.worker,
      browser: q.browser,
    })),
    ...SCHEDULES.map((schedule) => ({ file: schedule.handler, browser: false })),
  ]) {
    browserByFile.set(owner.file, (browserByFile.get(owner.file) ?? false) || owner.browser);
  }
  browserByFile.set(FALLBACK_HANDLER, browserByFile.get(FALLBACK_HANDLER) ?? false);
  const files = [...browserByFile.keys()].filter((file) => existsSync(join(ROOT, file)));
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: files,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    outdir: 'out',
    logLevel: 'silent',
    plugins: [
      {
        name: 'external-packages',
        setup(plugin) {
          // Our workspace packages are inlined (as SST does); everything else stays an import.
          plugin.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@webcapture/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  let bundling = 0;
  for (const output of Object.values(result.metafile.outputs)) {
    const entry = output.entryPoint;
    if (!entry) continue;
    const reached = [...Object.keys(output.inputs), ...output.imports.map((i) => i.path)].filter((path) =>
      BROWSER_MODULES.test(path),
    );
    if (reached.length > 0) bundling += 1;
    if (reached.length > 0 && !browserByFile.get(entry)) {
      fail(`${entry} bundles Chromium (${reached[0]}) but its manifest entry does not say browser: true`);
    }
  }
  return bundling;
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
const wiring = await checkWiring();
const bundlingChromium = await checkChromiumBundles();

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
console.log(`bundles: ${bundlingChromium} handler(s) reach Chromium, each marked browser: true`);
