import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '../..');

export interface ApiInstance {
  baseUrl: string;
  /** SIGKILL, as a function dies: no cleanup of any kind. Resolves once the process is gone. */
  kill(): Promise<void>;
}

/**
 * Starts test/fixtures/api-instance.ts in its own process (one node process, no wrapper, so the
 * process killed is the one holding the request) with this process's environment plus `env`.
 */
export async function startApiInstance(env: Record<string, string> = {}): Promise<ApiInstance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/api-instance.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const exitedEarly = exited.then(([code, signal]) => {
    throw new Error(`the API instance exited (${code ?? signal}) before listening`);
  });
  // Once it listens, its exit is expected (kill) and no longer an error.
  exitedEarly.catch(() => {});
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    exitedEarly,
  ])) as [string];
  const { baseUrl } = JSON.parse(line) as { baseUrl: string };
  return {
    baseUrl,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
