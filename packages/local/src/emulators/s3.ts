import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import S3rver from 's3rver';
import type { Emulator } from './emulator';

/** s3rver keeping objects as files under `dir`; reached path-style on an IP address. */
export async function startS3(dir: string): Promise<Emulator> {
  await mkdir(dir, { recursive: true });
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const address = await s3rver.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async stop() {
      // close() waits for keep-alive sockets the SDK holds open.
      (s3rver as unknown as { httpServer: Server }).httpServer.closeAllConnections();
      await s3rver.close();
    },
  };
}
