import { postWebhook } from '@webcapture/capture';
import { deferWebhookMessage, processWebhookMessage } from '@webcapture/service';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/**
 * Partial batch response: a delivery that waits for its next attempt stays in the queue, hidden
 * until then (its visibility timeout), and is reported as a failure so Lambda does not delete it.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        const step = await processWebhookMessage(JSON.parse(record.body), postWebhook);
        if ('done' in step) return;
        await deferWebhookMessage(record.receiptHandle, step.retryInSeconds);
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', messageId: record.messageId, error: String(error) }));
      }
      failures.push({ itemIdentifier: record.messageId });
    }),
  );
  return { batchItemFailures: failures };
}
