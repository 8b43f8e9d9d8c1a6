import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalRuntime } from '@webcapture/local';
import type { TestProject } from 'vitest/node';
import { startProviderStandIns } from './fixtures/search-providers';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** One local runtime (emulators, poller, HTTP server) for the whole run, on fresh data. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'webcapture-test-'));
  const bootstrapKey = `sk_test_${Array.from({ length: 32 }, () => BASE62[randomInt(62)]).join('')}`;
  // Search providers for the shared runtime: stand-ins answering their documented JSON (test/search.test.ts
  // starts its own, whose answers it steers, with API processes of its own).
  const searchProviders = await startProviderStandIns();
  const runtime = await startLocalRuntime({
    dataDir,
    bootstrapKey,
    quiet: !process.env.TEST_REQUEST_LOG,
    // Tables in memory: each run starts from nothing anyway, and writes no longer queue on SQLite
    // files. TEST_DB=file runs on the file-backed database `npm start` uses.
    inMemoryDb: process.env.TEST_DB !== 'file',
    env: {
      ALLOW_PRIVATE_TARGETS: 'true',
      KEY_ENVIRONMENT: 'test',
      BOOTSTRAP_API_KEY: bootstrapKey,
      // Tests change plans and billing states through the admin CLI and wait for the runtime to see them.
      ACCOUNT_CACHE_SECONDS: '1',
      // Webhook retries after 1 s instead of hours (4 attempts), to a receiver with the test certificate.
      WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1',
      WEBHOOK_CA_FILE: fileURLToPath(new URL('./fixtures/tls/localhost.crt', import.meta.url)),
      // POST /v1/schema is tested on; test/schema.test.ts starts an API process with it off.
      SCHEMA_ENABLED: 'true',
      ...searchProviders.env,
    },
  });
  project.provide('baseUrl', runtime.baseUrl);
  project.provide('bootstrapKey', bootstrapKey);
  project.provide('awsEnv', runtime.env);

  return async () => {
    await runtime.stop();
    await searchProviders.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
