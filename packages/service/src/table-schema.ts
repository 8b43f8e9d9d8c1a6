/**
 * The single DynamoDB table's shape, shared by stacks/storage.ts and the local runtime so both
 * create the same table. Import-free on purpose: infrastructure code loads it.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  /** Listings (jobs by account, deliveries by account) sorted by creation. */
  listingIndex: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /**
   * Sparse, keys only: what still owes a webhook send (a pending delivery, a job's unsent
   * bulk.completed), by when it is due, for the sweep (webhooks/sweep.ts).
   */
  pendingIndex: { name: 'pending', partitionKey: 'pending_pk', sortKey: 'pending_due' },
  /**
   * Sparse, keys only: active monitors by their next due check (monitors/due.ts), for the
   * one-minute sweep. A paused monitor has no `due_pk`, so it is not in the index.
   */
  dueIndex: { name: 'due', partitionKey: 'due_pk', sortKey: 'next_check_at' },
} as const;

/** Every attribute a key of the table or of an index is made of (all strings). */
export const TABLE_KEY_ATTRIBUTES: readonly string[] = [
  TABLE_SCHEMA.partitionKey,
  TABLE_SCHEMA.sortKey,
  TABLE_SCHEMA.listingIndex.partitionKey,
  TABLE_SCHEMA.listingIndex.sortKey,
  TABLE_SCHEMA.pendingIndex.partitionKey,
  TABLE_SCHEMA.pendingIndex.sortKey,
  TABLE_SCHEMA.dueIndex.partitionKey,
  TABLE_SCHEMA.dueIndex.sortKey,
];
