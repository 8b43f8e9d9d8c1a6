import { attemptDelivery, delayRetry } from '@webcapture/service';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/** Posts with fetch; the redirect is not followed, so a 3xx counts as a failed attempt. */
async function post(
  url: string,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal },
) {
  const response = await fetch(url, { method: 'POST', redirect: 'manual', ...init });
  await response.body?.cancel();
  return response.status;
}

/** Partial batch response: only the deliveries that must be retried come back, after a backoff. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        const settled = await attemptDelivery(JSON.parse(record.body), post);
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
