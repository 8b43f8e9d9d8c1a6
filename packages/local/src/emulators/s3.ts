import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { logger } from '@webcapture/telemetry';
import type { Emulator } from './emulator';

/**
 * s3rver keeping objects as files under `dir`; reached path-style on an IP address. It runs on a
 * worker thread (s3-thread.mjs): bulk jobs store one object per item, and on the main thread
 * s3rver's request handling and file writes took CPU from the workers producing them.
 */
export async function startS3(dir: string): Promise<Emulator> {
  await mkdir(dir, { recursive: true });
  const thread = new Worker(new URL('./s3-thread.mjs', import.meta.url), { workerData: { dir } });
  const [started] = (await Promise.race([
    once(thread, 'message'),
    once(thread, 'error').then(([e]) => Promise.reject(e)),
  ])) as [{ port: number }];
  thread.on('error', (error) => logger().error('the S3 emulator thread failed', { error }));
  return {
    endpoint: `http://127.0.0.1:${started.port}`,
    async stop() {
      const exited = once(thread, 'exit');
      thread.postMessage('stop');
      await exited;
    },
  };
}
