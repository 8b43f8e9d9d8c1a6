import { type BatchClaim, type BulkBatchMessage, claimBulkBatch } from '@webcapture/service';

/** A claim outlives the batch's own timeouts by this much before another worker may take it over. */
const CLAIM_MARGIN_MS = 30_000;

/**
 * Claims a batch's items for `token` (one transaction) under a lease of `budgetMs` (the time its
 * items may take) plus a margin, judged by `now`.
 */
export function claimBatch(
  message: BulkBatchMessage,
  token: string,
  budgetMs: number,
  now: () => number,
): Promise<BatchClaim> {
  return claimBulkBatch(message, token, now() + budgetMs + CLAIM_MARGIN_MS, now());
}
