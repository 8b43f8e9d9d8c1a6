import { postWebhook } from '@webcapture/capture';
import { attemptDelivery, delayRetry } from '@webcapture/service';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/** Partial batch response: only the deliveries that must be retried come back, after a backoff. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        const settled = await attemptDelivery(JSON.parse(record.body), postWebhook);
        if (settled) return;
        await delayRetry(record.receiptHandle, Number(record.attributes.ApproximateReceiveCount));
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', messageId: record.messageId, error: String(error) }));
      }
      failures.push({ itemIdentifier: record.messageId });
    }),
  );
  return { batchItemFailures: failures };
}
