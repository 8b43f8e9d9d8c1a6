import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '../..');

export interface ApiInstance {
  baseUrl: string;
  /** The lines it printed to stdout since it listens (its log lines at INFO and below). */
  output(): string[];
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
  const printed: string[] = [];
  const firstLine = new Promise<string>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      printed.push(line);
      resolve(printed[0] as string);
    });
  });
  const line = await Promise.race([firstLine, exitedEarly]);
  const { baseUrl } = JSON.parse(line) as { baseUrl: string };
  return {
    baseUrl,
    output: () => printed.slice(1),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
