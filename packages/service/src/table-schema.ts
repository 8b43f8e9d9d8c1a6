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
} as const;
