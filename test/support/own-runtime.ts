import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime } from '@webcapture/local';

/**
 * A runtime of a test file's own, on fresh data, for settings the shared one cannot have (a
 * production-like deployment). It points this worker's SDK clients and process.env at itself.
 */
export async function startOwnRuntime(options: { bootstrapKey: string; env: Record<string, string> }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'webcapture-own-'));
  const runtime = await startLocalRuntime({
    dataDir,
    bootstrapKey: options.bootstrapKey,
    quiet: true,
    env: options.env,
    inMemoryDb: true,
  });
  return {
    baseUrl: runtime.baseUrl,
    stop: async () => {
      await runtime.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
