import { ApiError } from '@webcapture/errors';

/** Listing responses: `data` plus an opaque `next_cursor` (null on the last page). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | null {
  return lastKey ? Buffer.from(JSON.stringify(lastKey)).toString('base64url') : null;
}

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    // fall through to the error below
  }
  throw new ApiError('validation_error', 'The cursor is not one this API returned.', {
    status: 422,
    details: { field: 'cursor' },
  });
}
