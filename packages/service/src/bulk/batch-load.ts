import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import {
  type BulkBatchMessage,
  type BulkBatchRef,
  batchKey,
  jobKey,
  runnableItems,
  type StoredBatchItem,
} from './records';

/**
 * A batch's work from its message's ids: the shared options, custom and webhook from the job
 * record, the items and their overrides from the batch record (one BatchGetItem). Undefined when
 * either is gone (past retention): nothing is left to run.
 */
export async function loadBulkBatch(ref: BulkBatchRef): Promise<BulkBatchMessage | undefined> {
  const job = jobKey(ref.accountId, ref.jobId);
  const batch = batchKey(ref.jobId, ref.batch);
  const { Responses, UnprocessedKeys } = await dynamoClient().send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: [job, batch], ConsistentRead: true } },
    }),
  );
  // Throttled keys: the message comes back after its visibility timeout rather than being dropped.
  if (UnprocessedKeys?.[tableName()]?.Keys?.length)
    throw new Error(`bulk batch ${ref.jobId}/${ref.batch} read was throttled`);
  const found = Responses?.[tableName()] ?? [];
  const jobRecord = found.find((item) => item.sk === job.sk);
  const batchRecord = found.find((item) => item.sk === batch.sk);
  if (!jobRecord || !batchRecord) return undefined;
  const webhookUrl = jobRecord.webhook_url as string | null | undefined;
  return {
    accountId: ref.accountId,
    jobId: ref.jobId,
    batch: ref.batch,
    kind: ref.kind,
    options: JSON.parse((jobRecord.options_json as string | undefined) ?? '{}'),
    custom: JSON.parse((jobRecord.custom_json as string | undefined) ?? '{}'),
    webhook: webhookUrl ? { url: webhookUrl, events: (jobRecord.events as string[]) ?? [] } : null,
    items: runnableItems((batchRecord.items as StoredBatchItem[]) ?? []),
  };
}

/** A message's ids from a batch (what sendBulkBatches puts on the queue). */
export function bulkBatchRef({ accountId, jobId, batch, kind }: BulkBatchRef): BulkBatchRef {
  return { accountId, jobId, batch, kind };
}
