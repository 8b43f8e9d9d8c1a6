// s3rver on a thread of its own (emulators/s3.ts starts it): its request handling and file writes
// do not compete with the handlers and workers on the runtime's main thread. Plain JavaScript, so
// the thread loads it without a TypeScript loader (tsx, vitest).
import { parentPort, workerData } from 'node:worker_threads';
import S3rver from 's3rver';

const s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: workerData.dir, silent: true });
const address = await s3rver.run();
parentPort.once('message', async () => {
  // close() waits for keep-alive sockets the SDK holds open.
  s3rver.httpServer.closeAllConnections();
  await s3rver.close();
  parentPort.close();
});
parentPort.postMessage({ port: address.port });
