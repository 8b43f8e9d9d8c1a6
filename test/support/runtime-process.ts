import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RuntimeProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
}

/**
 * The local runtime in a process of its own, in its own process group as a terminal would start
 * it (so a signal can reach the whole group, DynamoDB Local's JVM included): `command` run from
 * the repository root with this process's environment plus `env`. Resolves once it listens.
 */
export async function startRuntimeProcess(
  command: [string, ...string[]],
  env: Record<string, string>,
): Promise<RuntimeProcess> {
  const [file, ...args] = command;
  const child = spawn(file, args, {
    cwd: REPO_ROOT,
    // Not the shared runtime's address (setup-env puts it in this process): it serves on its own.
    env: { ...process.env, PUBLIC_BASE_URL: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (listening) resolve(listening[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
  return { child, baseUrl, output: () => output };
}
