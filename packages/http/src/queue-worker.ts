import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/**
 * An SQS worker that runs one job per message, in order; a message whose job throws is reported
 * as a partial batch failure, so it alone comes back after the visibility timeout (then the DLQ).
 */
export function defineQueueWorker<M>(run: (message: M) => Promise<unknown>) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const { body, messageId } of event.Records) {
      await run(JSON.parse(body) as M).catch((error: unknown) => {
        console.error(JSON.stringify({ level: 'error', messageId, error: String(error) }));
        batchItemFailures.push({ itemIdentifier: messageId });
      });
    }
    return { batchItemFailures };
  };
}
