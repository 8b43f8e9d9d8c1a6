/**
 * Pure translation from our manifests (routes, queues) to SST Function settings. No SST globals
 * in here, so .ci/check-infra can load it with plain tsx and check the results.
 */

export const LAMBDA_RUNTIME = 'nodejs22.x' as const;
export const LAMBDA_ARCHITECTURE = 'x86_64' as const;

/** Chromium ships as a brotli archive that esbuild cannot bundle, so SST npm-installs it beside the bundle. */
export const CHROMIUM_PACKAGE = '@sparticuz/chromium';
/**
 * DESIGN.md pin: chromium 147 pairs with puppeteer-core 24.43.x (bundled by esbuild as usual).
 * Exact, and the version packages/render depends on, so a deploy installs the binary the tests ran.
 */
export const CHROMIUM_VERSION = '147.0.0';
/** Below this, Chromium on Lambda runs out of memory on ordinary pages. */
export const BROWSER_MIN_MEMORY_MB = 1600;
/** /tmp for renderer functions: Chromium unpacks itself there (about 300 MB) beside its profiles. */
export const BROWSER_STORAGE_MB = 2048;

/** The `$default` route only answers 404/405 envelopes. */
export const FALLBACK_MEMORY_MB = 256;
export const FALLBACK_TIMEOUT_SECONDS = 10;

/** API Gateway HTTP APIs end every integration at 30 s, whatever the function's own timeout. */
export const API_GATEWAY_MAX_SECONDS = 30;
export const LAMBDA_MAX_SECONDS = 900;
export const LAMBDA_MIN_MEMORY_MB = 128;
export const LAMBDA_MAX_MEMORY_MB = 10240;

/**
 * Our manifests name handler files (`functions/health.ts`); SST wants the path without its
 * extension plus the export name (`functions/health.handler`). Passing the file name as-is would
 * make SST look for an export called `ts`.
 */
export function sstHandler(file: string, exportName = 'handler'): string {
  const match = /^(functions\/[A-Za-z0-9._/-]+)\.(ts|mts)$/.exec(file);
  if (!match) throw new Error(`handler "${file}" must be a functions/<name>.ts path`);
  return `${match[1]}.${exportName}`;
}

/**
 * Component name from a manifest id: SST keeps only [A-Za-z0-9] of a name, so `api-keys-create`
 * becomes `ApiKeysCreate`. Used for route names (and so Lambda names) and queue names.
 */
export function componentName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

export function megabytes(mb: number): `${number} MB` {
  return `${mb} MB`;
}

export function seconds(value: number): `${number} seconds` {
  return `${value} seconds`;
}

/** `nodejs.install` for functions that launch Chromium; an explicit version because SST would
 * otherwise look it up in the root package.json's dependencies and fall back to `*`. */
export function browserInstall(): Record<string, string> {
  return { [CHROMIUM_PACKAGE]: CHROMIUM_VERSION };
}
