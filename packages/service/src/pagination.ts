import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '@webcapture/errors';
import { dynamoClient } from './clients';
import { tableName } from './config';

/** Listing responses: `data` plus an opaque `next_cursor` (null on the last page). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * The one cursor codec: a listing's next start key (a table key, or an index key with the table
 * keys it carries) as base64url JSON. A cursor is read back only as a key of the listing that
 * returned it; anything else is the caller's error, never a query DynamoDB refuses.
 */
export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | null {
  return lastKey ? Buffer.from(JSON.stringify(lastKey)).toString('base64url') : null;
}

/** The start key a cursor stands for in a listing of one partition and one item kind (sk prefix). */
export function decodeCursor(
  cursor: string | undefined,
  listing: { pk: string; skPrefix: string },
): Record<string, unknown> | undefined {
  return readCursor(
    cursor,
    (value) =>
      Object.keys(value).length === 2 &&
      value.pk === listing.pk &&
      typeof value.sk === 'string' &&
      value.sk.startsWith(listing.skPrefix),
  );
}

/** The start key of a listing read through the listing index (gsi1): its keys and the table's. */
export function decodeIndexCursor(
  cursor: string | undefined,
  gsi1pk: string,
): Record<string, unknown> | undefined {
  return readCursor(
    cursor,
    (value) =>
      value.gsi1pk === gsi1pk &&
      typeof value.gsi1sk === 'string' &&
      typeof value.pk === 'string' &&
      typeof value.sk === 'string' &&
      Object.keys(value).length === 4,
  );
}

function readCursor(
  cursor: string | undefined,
  ofListing: (value: Record<string, unknown>) => boolean,
): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && ofListing(value)) return value;
  } catch {
    // fall through to the error below
  }
  throw new ApiError('validation_error', 'The cursor is not one this listing returned.', {
    status: 422,
    details: { field: 'cursor' },
  });
}

/**
 * One page of one item kind in one partition (sk prefix), the cursor read and written by the codec
 * above; `status` filters on the item's status after the read, so a page may come back short.
 */
export async function queryPartitionPage(
  listing: { pk: string; skPrefix: string },
  options: { limit: number; cursor?: string; status?: string; newestFirst?: boolean; consistent?: boolean },
): Promise<{ items: Record<string, unknown>[]; next_cursor: string | null }> {
  const { Items, LastEvaluatedKey } = await dynamoClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ...(options.status
        ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } }
        : {}),
      ExpressionAttributeValues: {
        ':pk': listing.pk,
        ':prefix': listing.skPrefix,
        ...(options.status ? { ':status': options.status } : {}),
      },
      ExclusiveStartKey: decodeCursor(options.cursor, listing),
      ScanIndexForward: !options.newestFirst,
      Limit: options.limit,
      ...(options.consistent ? { ConsistentRead: true } : {}),
    }),
  );
  return {
    items: Items ?? [],
    next_cursor: encodeCursor(LastEvaluatedKey && { pk: LastEvaluatedKey.pk, sk: LastEvaluatedKey.sk }),
  };
}
