/** The single DynamoDB table and the private bucket, shaped by the shared TABLE_SCHEMA. */
import { lifecycleExpiryDays, OBJECT_RETENTION } from '../packages/service/src/object-retention';
import { TABLE_SCHEMA } from '../packages/service/src/table-schema';
import { BUCKET, TABLE } from './resource-names';

export function storage(options: { production: boolean }) {
  const { partitionKey, sortKey, ttlAttribute, listingIndex, pendingIndex, dueIndex } = TABLE_SCHEMA;

  // Point-in-time recovery is on by default in SST; production also refuses deletion.
  const table = new sst.aws.Dynamo(TABLE, {
    fields: {
      [partitionKey]: 'string',
      [sortKey]: 'string',
      [listingIndex.partitionKey]: 'string',
      [listingIndex.sortKey]: 'string',
      [pendingIndex.partitionKey]: 'string',
      [pendingIndex.sortKey]: 'string',
      [dueIndex.partitionKey]: 'string',
      [dueIndex.sortKey]: 'string',
    },
    primaryIndex: { hashKey: partitionKey, rangeKey: sortKey },
    globalIndexes: {
      [listingIndex.name]: { hashKey: listingIndex.partitionKey, rangeKey: listingIndex.sortKey },
      // Sparse and keys only: what still owes a webhook send, for the sweep (webhook-sweep.ts).
      [pendingIndex.name]: {
        hashKey: pendingIndex.partitionKey,
        rangeKey: pendingIndex.sortKey,
        projection: 'keys-only',
      },
      // Sparse and keys only: active monitors by their next due check, for the monitor sweep.
      [dueIndex.name]: {
        hashKey: dueIndex.partitionKey,
        rangeKey: dueIndex.sortKey,
        projection: 'keys-only',
      },
    },
    ttl: ttlAttribute,
    deletionProtection: options.production,
  });

  // No `access`: SST blocks all public access and denies plain-HTTP requests. Clients only ever
  // get objects through pre-signed URLs, so CORS is off too (SST's default allows any origin to
  // PUT and DELETE). Every prefix the code writes expires after its documented retention.
  const bucket = new sst.aws.Bucket(BUCKET, {
    cors: false,
    lifecycle: bucketLifecycle(),
  });

  return { table, bucket };
}

/** One expiry rule per prefix of OBJECT_RETENTION (packages/service/src/object-retention.ts). */
export function bucketLifecycle() {
  return Object.entries(OBJECT_RETENTION).map(([name, object]) => ({
    id: `expire-${name}`,
    prefix: object.prefix,
    expiresIn: `${lifecycleExpiryDays(object)} days` as const,
  }));
}
