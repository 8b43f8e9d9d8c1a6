import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { countQueueJob, logger, withinInvocation } from '@webcapture/telemetry';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

/**
 * Thrown by a record handler to leave its message in the queue on purpose (a batch held by another
 * worker, a webhook waiting for its next attempt): reported as a failure like any other, but not
 * logged as an error.
 */
export class LeaveInQueue extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'LeaveInQueue';
  }
}

/** How a worker's records run: side by side (each on a slot of its own) or one after another. */
export interface SqsBatchOptions {
  inParallel: boolean;
}

/**
 * The one SQS adapter of every queue worker, on Powertools' BatchProcessor: a record whose handler
 * throws is reported in `batchItemFailures`, so it alone comes back after the visibility timeout
 * (then goes to the dead-letter queue); the others are deleted.
 *
 * A processor per invocation, since it keeps the batch's state on itself and the local runtime may
 * run several batches of one worker at once. A batch whose every record failed answers with all of
 * them rather than throwing (`throwOnFullBatchFailure: false`): Lambda retries the same records
 * either way, and the local poller and the tests read one shape.
 */
export function sqsBatchHandler(
  handleRecord: (record: SQSRecord) => Promise<unknown>,
  { inParallel }: SqsBatchOptions,
): (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse> {
  const reported = async (record: SQSRecord) => {
    // The queue's name ends its ARN, on Lambda and in the local poller's events alike (a record
    // built by hand may have none: it is counted under `unknown` rather than failed).
    const queue = record.eventSourceARN?.split(':').at(-1) || 'unknown';
    try {
      await handleRecord(record);
      countQueueJob(queue, 'succeeded');
    } catch (error) {
      if (error instanceof LeaveInQueue) countQueueJob(queue, 'skipped');
      else {
        countQueueJob(queue, 'failed');
        logger().error('queue job failed', { queue, message_id: record.messageId, error });
      }
      throw error;
    }
  };
  return (event, context) =>
    withinInvocation(context?.awsRequestId ?? 'sqs-batch', () =>
      processPartialResponse(event, reported, new BatchProcessor(EventType.SQS), {
        context,
        processInParallel: inParallel,
        throwOnFullBatchFailure: false,
      }),
    );
}

/**
 * A worker whose messages are JSON jobs, run one after another in the order received; a job that
 * throws fails its record alone.
 */
export function jsonJobWorker<M>(run: (message: M) => Promise<unknown>) {
  return sqsBatchHandler((record) => run(JSON.parse(record.body) as M), { inParallel: false });
}
