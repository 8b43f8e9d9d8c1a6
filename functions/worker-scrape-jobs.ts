import { runScrapeJob } from '@webcapture/scraping';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/** One job per message; a job that throws comes back after the visibility timeout, then to the DLQ. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await runScrapeJob(JSON.parse(record.body));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', messageId: record.messageId, error: String(error) }));
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
