export * from './archive';
export * from './batch-load';
export * from './cancel';
export * from './claims';
export * from './commit';
export * from './create';
export * from './finish';
export * from './listing';
export * from './messages';
export * from './outbox';
// The job model; the key and record helpers (itemKey, statusPartition, toJob…) stay inside the folder.
export {
  BULK_BATCH_SIZES,
  BULK_JOB_STATUSES,
  BULK_MAX_ITEMS,
  BULK_RETENTION_SECONDS,
  type BulkBatchMessage,
  type BulkBatchRef,
  type BulkCounts,
  type BulkItem,
  type BulkItemError,
  type BulkItemInput,
  type BulkItemStatus,
  type BulkJob,
  type BulkJobStatus,
  type BulkKind,
  batchKey,
  bulkJobPath,
  jobKey,
} from './records';
export * from './recovery';
export * from './results';
export * from './uploads';
