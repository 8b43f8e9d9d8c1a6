import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { chunks, inParallel } from '../batch-write';
import { sqsClient } from '../clients';
import { queueUrl } from '../config';
import { bulkBatchRef } from './batch-load';
import type { BulkBatchRef, BulkKind } from './records';

/** Screenshot batches need Chromium: they go to their own queue, drained by a browser worker. */
export function bulkQueueOf(kind: BulkKind): string {
  return kind === 'screenshot' ? 'bulk-screenshots' : 'bulk-items';
}

/**
 * Ten messages per SendMessageBatch request, each to its kind's queue. Each carries the batch's
 * ids only (BulkBatchRef, ~150 bytes), so no job can outgrow SQS's 256 KiB per message or batch.
 */
export async function sendBulkBatches(messages: BulkBatchRef[], delaySeconds = 0): Promise<void> {
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
            MessageBody: JSON.stringify(bulkBatchRef(message)),
            ...(delaySeconds ? { DelaySeconds: delaySeconds } : {}),
          })),
        }),
      );
      if (Failed?.length) throw new Error(`SendMessageBatch refused ${Failed.length} bulk batches`);
    }),
    8,
  );
}
