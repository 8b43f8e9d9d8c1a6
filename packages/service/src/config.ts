import { queueEnvName } from './queues';

/**
 * Process configuration, read from the environment once. The same variables are set by
 * stacks/ on AWS and by the local runtime, which also points the SDK at the emulators through
 * the standard AWS_ENDPOINT_URL_* variables.
 */
export type KeyEnvironment = 'test' | 'live';
export type ErrorStyle = 'snake' | 'camel';

function env(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

function required(name: string): string {
  const value = env(name);
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

/**
 * `sst shell` (how the admin CLI reaches a deployed stage) exposes linked resources as
 * SST_RESOURCE_<Name> JSON rather than our own variables.
 */
function linkedName(resource: string): string | undefined {
  const linked = env(`SST_RESOURCE_${resource}`);
  return linked ? (JSON.parse(linked) as { name?: string }).name : undefined;
}

export function tableName(): string {
  return env('TABLE_NAME') ?? linkedName('Table') ?? required('TABLE_NAME');
}

export function bucketName(): string {
  return env('BUCKET_NAME') ?? linkedName('Bucket') ?? required('BUCKET_NAME');
}

export function queueUrl(name: string): string {
  return required(queueEnvName(name));
}

/** The SST stage when running under `sst shell`, which sets SST_RESOURCE_App. */
export function sstStage(): string | undefined {
  const app = env('SST_RESOURCE_App');
  return app ? (JSON.parse(app) as { stage?: string }).stage : undefined;
}

/** production stages accept only sk_live_ keys; every other stage only sk_test_. */
export function keyEnvironment(): KeyEnvironment {
  const explicit = env('KEY_ENVIRONMENT');
  if (explicit) return explicit === 'live' ? 'live' : 'test';
  return sstStage() === 'production' ? 'live' : 'test';
}

/** A server-side switch such as SCHEMA_ENABLED (POST /v1/schema): off unless set to `true`. */
export function featureEnabled(name: string): boolean {
  return env(name) === 'true';
}

export function errorStyle(): ErrorStyle {
  return env('ERROR_STYLE') === 'camel' ? 'camel' : 'snake';
}

/** Emulators need path-style S3 URLs; real S3 prefers virtual-hosted ones. */
export function s3ForcePathStyle(): boolean {
  return env('S3_FORCE_PATH_STYLE') === 'true';
}

/** The spec's longest synchronous screenshot hold. */
export const SCREENSHOT_MAX_HOLD_MS = 28_000;

/** How long POST /v1/screenshots holds the call: SCREENSHOT_HOLD_MS (tests), at most 28 s. */
export function screenshotHoldMs(): number {
  const configured = Number(env('SCREENSHOT_HOLD_MS'));
  return configured > 0 ? Math.min(configured, SCREENSHOT_MAX_HOLD_MS) : SCREENSHOT_MAX_HOLD_MS;
}

/**
 * The API's public base URL (PUBLIC_BASE_URL): where clients reach it, with a path prefix when an
 * API mapping puts one in front of /v1. Set by stacks/ on every function (routes, queue workers,
 * schedules alike) and by the local runtime to its own listening address; a worker has no request
 * to take a Host from, and a Host header is the caller's to choose (docs/configuration.md).
 */
export function publicBaseUrl(): string {
  const configured = required('PUBLIC_BASE_URL');
  const url = URL.canParse(configured) ? new URL(configured) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash)
    throw new Error(
      `PUBLIC_BASE_URL must be an absolute http(s) URL without query or fragment: ${configured}`,
    );
  return url.href.replace(/\/+$/, '');
}

/**
 * The absolute URL a client receives for one of the API's own paths (`/v1/...`): poll_url,
 * result_url, checks_url, signed content URLs, in HTTP answers and webhook payloads alike. Every
 * URL the service hands out is built here, so none is relative to a base the receiver lacks.
 */
export function publicUrl(path: `/${string}`): string {
  return `${publicBaseUrl()}${path}`;
}
