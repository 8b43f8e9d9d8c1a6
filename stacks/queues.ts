/**
 * One SQS queue with a dead-letter queue per QUEUES entry, and its worker subscription. Queues
 * are created first (every function's environment carries all queue URLs), workers after.
 */
import { QUEUES } from '../packages/service/src/queues';
import { workerGrants } from './access';
import { seconds } from './function-settings';
import { functionArgs, type QueuePair, type Resources } from './lambda';
import { queueComponentNames } from './resource-names';

/** Failed messages wait two weeks (the SQS maximum) in the dead-letter queue for inspection. */
const DEAD_LETTER_RETENTION_SECONDS = 14 * 24 * 60 * 60;

export function createQueues(): QueuePair[] {
  return QUEUES.map((definition) => {
    const names = queueComponentNames(definition.name);
    const deadLetter = new sst.aws.Queue(names.deadLetter, {
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
  for (const { definition, queue } of resources.queues) {
    const args = functionArgs(
      {
        handler: definition.worker,
        memoryMb: definition.workerMemoryMb,
        timeoutSeconds: definition.workerTimeoutSeconds,
        browser: definition.browser,
        grants: workerGrants(definition),
      },
      resources,
    );
    // Workers answer with batchItemFailures, so one bad message does not redeliver the batch.
    queue.subscribe(args, {
      batch: {
        size: definition.batchSize,
        partialResponses: true,
        // SQS requires a batching window once a batch may exceed ten messages.
        ...(definition.batchSize > 10 ? { window: seconds(1) } : {}),
      },
    });
  }
}
