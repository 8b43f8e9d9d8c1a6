import { runBulkBatch } from '@webcapture/http';
import { type BulkBatchMessage, sendBulkBatches } from '@webcapture/service';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/** Seconds a batch that found no free bulk slot waits in the queue before it is tried again. */
const REQUEUE_DELAY_SECONDS = 2;

/**
 * Each message is a batch of a job's items, run side by side with the other messages of the
 * event (each on its own slot). A batch that found no slot goes back to the queue as a new
 * message, so waiting never counts toward the dead-letter queue's receive limit.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        const message = JSON.parse(record.body) as BulkBatchMessage;
        const result = await runBulkBatch(message);
        if (result === 'requeue') await sendBulkBatches([message], REQUEUE_DELAY_SECONDS);
        if (result === 'retry') failures.push({ itemIdentifier: record.messageId });
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', messageId: record.messageId, error: String(error) }));
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
