/** The single DynamoDB table and the private bucket, shaped by the shared TABLE_SCHEMA. */
import { TABLE_SCHEMA } from '../packages/service/src/table-schema';
import { BUCKET, TABLE } from './resource-names';

/** Cached bodies live at most 7 days (cache_ttl cap); one spare day before S3 drops them. */
const CACHE_PREFIX = 'cache/';
const CACHE_EXPIRY = '8 days';
/** Screenshot images are readable 7 days (SCREENSHOT_RETENTION_SECONDS); one spare day. */
const SCREENSHOTS_PREFIX = 'screenshots/';
const SCREENSHOTS_EXPIRY = '8 days';
/** Bulk item results are readable for 7 days (BULK_RETENTION_SECONDS); one spare day here too. */
const BULK_PREFIX = 'bulk/';
const BULK_EXPIRY = '8 days';
/** Pre-signed bulk uploads can be submitted for an hour and are deleted when used; the day is S3's shortest expiry. */
const BULK_UPLOADS_PREFIX = 'bulk-uploads/';
const BULK_UPLOADS_EXPIRY = '1 day';

export function storage(options: { production: boolean }) {
  const { partitionKey, sortKey, ttlAttribute, listingIndex, pendingIndex } = TABLE_SCHEMA;

  // Point-in-time recovery is on by default in SST; production also refuses deletion.
  const table = new sst.aws.Dynamo(TABLE, {
    fields: {
      [partitionKey]: 'string',
      [sortKey]: 'string',
      [listingIndex.partitionKey]: 'string',
      [listingIndex.sortKey]: 'string',
      [pendingIndex.partitionKey]: 'string',
      [pendingIndex.sortKey]: 'string',
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
    },
    ttl: ttlAttribute,
    deletionProtection: options.production,
  });

  // No `access`: SST blocks all public access and denies plain-HTTP requests. Clients only ever
  // get objects through pre-signed URLs.
  const bucket = new sst.aws.Bucket(BUCKET, {
    lifecycle: [
      { id: 'expire-cache', prefix: CACHE_PREFIX, expiresIn: CACHE_EXPIRY },
      { id: 'expire-screenshots', prefix: SCREENSHOTS_PREFIX, expiresIn: SCREENSHOTS_EXPIRY },
      { id: 'expire-bulk-results', prefix: BULK_PREFIX, expiresIn: BULK_EXPIRY },
      { id: 'expire-bulk-uploads', prefix: BULK_UPLOADS_PREFIX, expiresIn: BULK_UPLOADS_EXPIRY },
    ],
  });

  return { table, bucket };
}
