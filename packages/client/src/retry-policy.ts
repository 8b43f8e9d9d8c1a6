import type { ErrorCode } from '@webcapture/errors';

/** The spec's retry table (Errors): which codes a client may retry. */
const RETRYABLE: ReadonlySet<string> = new Set<ErrorCode>([
  'rate_limited',
  'concurrency_limit',
  'internal_error',
]);

export const BACKOFF_START_SECONDS = 1;
export const BACKOFF_CAP_SECONDS = 60;

/**
 * Seconds to wait before retry number `attempt` (1 = the first retry) after an error with `code`,
 * or null when the spec says not to retry. Backoff starts at 1 s and doubles to at most 60 s; a
 * Retry-After header on a 429 takes priority. The client below follows it; the README documents it for users.
 */
export function retryDelaySeconds(code: string, attempt: number, retryAfter?: string | null): number | null {
  if (!RETRYABLE.has(code)) return null;
  if (retryAfter && (code === 'rate_limited' || code === 'concurrency_limit')) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }
  return Math.min(BACKOFF_CAP_SECONDS, BACKOFF_START_SECONDS * 2 ** Math.max(0, attempt - 1));
}
