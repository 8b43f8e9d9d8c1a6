import { ApiError, isApiError } from '@webcapture/errors';
import {
  type BillingRecord,
  type BulkBatchMessage,
  type BulkItemError,
  type BulkItemOutcome,
  billableBytes,
  type ClaimedItem,
  effectiveFactor,
} from '@webcapture/service';
import type { Store } from './batch-store';

/** Runs one claimed item of a batch; a kind's worker passes its own (screenshots need Chromium). */
export type BulkItemRunner = (
  message: BulkBatchMessage,
  item: ClaimedItem,
  store: Store,
) => Promise<BulkItemOutcome>;

/** An error as an item's outcome records it: an ApiError's code and message, else internal_error. */
export function asItemError(error: unknown): BulkItemError {
  const apiError = isApiError(error)
    ? error
    : new ApiError('internal_error', 'The capture failed inside the service.');
  return {
    code: apiError.code,
    message: apiError.message,
    ...(apiError.details ? { details: apiError.details } : {}),
  };
}

/** What an item's capture is billed, as the batch's commit records it. */
export function charge(record: BillingRecord): BulkItemOutcome['charge'] {
  const rawBytes = Math.max(0, Math.round(record.wireBytes));
  return {
    endpoint: record.endpoint as string,
    rawBytes,
    billableBytes: billableBytes(rawBytes, effectiveFactor(record)),
  };
}

/** An item that ended in `error`, at no charge unless `extra` says otherwise. */
export function failed(index: number, error: unknown, extra: Partial<BulkItemOutcome> = {}): BulkItemOutcome {
  return {
    index,
    status: 'failed',
    upstreamStatus: null,
    contentType: null,
    contentLength: null,
    resultKey: null,
    error: asItemError(error),
    ...extra,
  };
}
