import { ApiError } from '@webcapture/errors';

/** Listing responses: `data` plus an opaque `next_cursor` (null on the last page). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | null {
  return lastKey ? Buffer.from(JSON.stringify(lastKey)).toString('base64url') : null;
}

/**
 * The start key a cursor stands for. It must be a key of the listing it came from (the same
 * partition, the same item kind): anything else is a caller's error, never a query DynamoDB refuses.
 */
export function decodeCursor(
  cursor: string | undefined,
  listing: { pk: string; skPrefix: string },
): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      value &&
      typeof value === 'object' &&
      Object.keys(value).length === 2 &&
      value.pk === listing.pk &&
      typeof value.sk === 'string' &&
      value.sk.startsWith(listing.skPrefix)
    ) {
      return value;
    }
  } catch {
    // fall through to the error below
  }
  throw new ApiError('validation_error', 'The cursor is not one this listing returned.', {
    status: 422,
    details: { field: 'cursor' },
  });
}
