/**
 * Offline checks of what the infrastructure is built from, for mistakes tsc cannot see: a handler
 * file that does not exist or does not export `handler`, limits AWS would reject at deploy time,
 * grants for ids that no longer exist, stage invariants, and a stale sst-env.d.ts.
 *
 *   npx tsx stacks/check-manifests.ts                  check (run by .ci/check-infra)
 *   npx tsx stacks/check-manifests.ts --write-sst-env  regenerate sst-env.d.ts from the manifests
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_HANDLER, ROUTES } from '../packages/http/src/routes';
import { QUEUES, queueEnvName } from '../packages/service/src/queues';
import { TABLE_SCHEMA } from '../packages/service/src/table-schema';
import { ROUTE_GRANTS, WORKER_GRANTS } from './access';
import { PRODUCTION_STAGE, stageEnvironment, stageSettings } from './config';
import {
  API_GATEWAY_MAX_SECONDS,
  BROWSER_MIN_MEMORY_MB,
  CHROMIUM_PACKAGE,
  CHROMIUM_VERSION,
  componentName,
  LAMBDA_MAX_MEMORY_MB,
  LAMBDA_MAX_SECONDS,
  LAMBDA_MIN_MEMORY_MB,
  sstHandler,
} from './function-settings';
import { linkedResources, renderSstEnv } from './resource-names';

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
    if (
      !Number.isInteger(queue.maxReceiveCount) ||
      queue.maxReceiveCount < 1 ||
      queue.maxReceiveCount > 1000
    ) {
      fail(`${owner}: maxReceiveCount ${queue.maxReceiveCount} is outside 1–1000`);
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

function checkGrants(): void {
  const routeIds = new Set(ROUTES.map((route) => route.id));
  for (const id of Object.keys(ROUTE_GRANTS)) {
    if (!routeIds.has(id)) fail(`stacks/access.ts grants route "${id}", which is not in ROUTES`);
  }
  const queueNames = new Set(QUEUES.map((queue) => queue.name));
  for (const name of Object.keys(WORKER_GRANTS)) {
    if (!queueNames.has(name)) fail(`stacks/access.ts grants worker "${name}", which is not in QUEUES`);
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

function checkTableSchema(): void {
  const { partitionKey, sortKey, listingIndex } = TABLE_SCHEMA;
  checkUnique('table key attribute', [
    partitionKey,
    sortKey,
    listingIndex.partitionKey,
    listingIndex.sortKey,
  ]);
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

checkRoutes();
checkQueues();
checkGrants();
checkStages();
checkTableSchema();
checkChromiumPin();
checkSstEnv(process.argv.includes('--write-sst-env'));

for (const warning of warnings) console.log(`  warning: ${warning}`);
if (problems.length > 0) {
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  console.error(`manifests: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  `manifests: ${ROUTES.length} routes + $default, ${QUEUES.length} queue(s); handlers exist and export \`handler\``,
);
