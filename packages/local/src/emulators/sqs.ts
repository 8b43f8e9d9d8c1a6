import type { AddressInfo } from 'node:net';
import { createSqsServer } from 'local-aws-sqs';
import { type Emulator, LOCAL_REGION } from './emulator';

/**
 * local-aws-sqs, in memory: messages do not survive a restart (queues are recreated at start).
 * Binding it to 127.0.0.1 makes its queue URLs share the endpoint's origin, so the SDK keeps the
 * configured endpoint instead of switching to the queue URL's host.
 */
export async function startSqs(): Promise<Emulator> {
  const server = await createSqsServer({
    port: 0,
    hostname: '127.0.0.1',
    region: LOCAL_REGION,
    emulateQueueCreationLifecycle: false,
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
