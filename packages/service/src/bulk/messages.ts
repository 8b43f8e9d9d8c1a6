import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { chunks, inParallel } from '../batch-write';
import { sqsClient } from '../clients';
import { queueUrl } from '../config';
import type { BulkBatchMessage, BulkKind } from './records';

/** Screenshot batches need Chromium: they go to their own queue, drained by a browser worker. */
export function bulkQueueOf(kind: BulkKind): string {
  return kind === 'screenshot' ? 'bulk-screenshots' : 'bulk-items';
}

/** Ten messages per SendMessageBatch request, each to its kind's queue. */
export async function sendBulkBatches(messages: BulkBatchMessage[], delaySeconds = 0): Promise<void> {
  const groups = [...new Set(messages.map((message) => bulkQueueOf(message.kind)))].flatMap((queue) =>
    chunks(
      messages.filter((message) => bulkQueueOf(message.kind) === queue),
      10,
    ).map((group) => ({ queue, group })),
  );
  await inParallel(
    groups.map(({ queue, group }) => async () => {
      const { Failed } = await sqsClient().send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl(queue),
          Entries: group.map((message, i) => ({
            Id: String(i),
            MessageBody: JSON.stringify(message),
            ...(delaySeconds ? { DelaySeconds: delaySeconds } : {}),
          })),
        }),
      );
      if (Failed?.length) throw new Error(`SendMessageBatch refused ${Failed.length} bulk batches`);
    }),
    8,
  );
}
