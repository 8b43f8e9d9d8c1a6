import { startDurableSqs } from './durable-sqs/sqs-server';
import { type Emulator, LOCAL_REGION } from './emulator';

/**
 * The SQS stand-in: messages kept under `dir` (DATA_DIR/sqs), so a restart — even after kill -9 —
 * finds every message it had acknowledged, hidden until its visibility timeout ends, as on SQS.
 */
export async function startSqs(dir: string): Promise<Emulator> {
  const server = await startDurableSqs({ dir, region: LOCAL_REGION });
  return { endpoint: server.endpoint, stop: () => server.stop() };
}
