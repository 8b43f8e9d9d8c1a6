/**
 * One SQS queue with a dead-letter queue per QUEUES entry, and the subscriptions of its worker and
 * dead-letter worker. Queues are created first (every function's environment carries all queue
 * URLs), workers after.
 */
import { type DrainedQueue, deadLetterQueue, QUEUES } from '../packages/service/src/queues';
import { DEAD_LETTER_USES, type Uses, workerUses } from './access';
import { seconds } from './function-settings';
import { functionArgs, type QueuePair, type Resources } from './lambda';
import { queueComponentNames } from './resource-names';

/**
 * Failed messages wait two weeks (the SQS maximum) in the dead-letter queue: for inspection, or
 * until its dead-letter worker has ended their jobs.
 */
const DEAD_LETTER_RETENTION_SECONDS = 14 * 24 * 60 * 60;

export function createQueues(): QueuePair[] {
  return QUEUES.map((definition) => {
    const names = queueComponentNames(definition.name);
    const drained = deadLetterQueue(definition);
    const deadLetter = new sst.aws.Queue(names.deadLetter, {
      ...(drained ? { visibilityTimeout: seconds(drained.visibilityTimeoutSeconds) } : {}),
      transform: { queue: { messageRetentionSeconds: DEAD_LETTER_RETENTION_SECONDS } },
    });
    const queue = new sst.aws.Queue(names.queue, {
      visibilityTimeout: seconds(definition.visibilityTimeoutSeconds),
      dlq: { queue: deadLetter.arn, retry: definition.maxReceiveCount },
    });
    return { definition, queue, deadLetter };
  });
}

export function subscribeWorkers(resources: Resources): void {
  for (const { definition, queue, deadLetter } of resources.queues) {
    subscribe(queue, definition, workerUses(definition), resources);
    const drained = deadLetterQueue(definition);
    if (drained) subscribe(deadLetter, drained, DEAD_LETTER_USES, resources);
  }
}

function subscribe(queue: sst.aws.Queue, definition: DrainedQueue, uses: Uses, resources: Resources): void {
  const args = functionArgs(
    {
      handler: definition.worker,
      memoryMb: definition.workerMemoryMb,
      timeoutSeconds: definition.workerTimeoutSeconds,
      browser: definition.browser,
      uses,
    },
    resources,
  );
  // Workers answer with batchItemFailures, so one bad message does not redeliver the batch. The
  // concurrency cap keeps a burst in the queue rather than throttled (which would burn receives).
  queue.subscribe(args, {
    batch: {
      size: definition.batchSize,
      partialResponses: true,
      // SQS requires a batching window once a batch may exceed ten messages.
      ...(definition.batchSize > 10 ? { window: seconds(1) } : {}),
    },
    transform: {
      eventSourceMapping: { scalingConfig: { maximumConcurrency: definition.maxConcurrency } },
    },
  });
}
