/**
 * The spec's retry rules (Errors, "Retry rules"): rate_limited and concurrency_limit are retried
 * honouring Retry-After; internal_error with exponential backoff from 1 s, doubling, capped at
 * 60 s; every other code needs the request, key, plan or billing fixed first and is never retried.
 */
export const BACKOFF_START_SECONDS = 1;
export const BACKOFF_CAP_SECONDS = 60;
/** The spec's "short fixed wait" for concurrency_limit when no Retry-After came with it. */
export const CONCURRENCY_WAIT_SECONDS = 1;

const RETRYABLE = new Set(['rate_limited', 'concurrency_limit', 'internal_error']);

/**
 * POSTs that only capture and create nothing when they fail (a failed capture is rolled back and
 * costs nothing), so replaying one after internal_error cannot duplicate anything. Other POSTs
 * (bulk jobs, keys, checkout) are not replayed after a 5xx: the first attempt may have landed.
 */
const REPLAYABLE_POSTS = [
  '/v1/scrape',
  '/v1/fetch',
  '/v1/screenshots',
  '/v1/schema',
  '/v1/search',
  '/v1/sitemap',
];
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Whether a request may be sent again after an error with `code`. A 429 was refused at admission,
 * before any work, so it is safe to replay whatever the method.
 */
export function mayReplay(method: string, pathname: string, code: string): boolean {
  if (!RETRYABLE.has(code)) return false;
  if (code === 'rate_limited' || code === 'concurrency_limit') return true;
  if (IDEMPOTENT_METHODS.has(method.toUpperCase())) return true;
  return REPLAYABLE_POSTS.some((path) => pathname.endsWith(path));
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or undefined if unusable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export interface DelayOptions {
  /** Share of the backoff added at random (0 to 1; default 0.2) so clients that failed together spread out. */
  jitter?: number;
  random?: () => number;
}

/**
 * Seconds to wait before retry number `attempt` (1 = the first retry) after an error with `code`,
 * or null when the spec says not to retry. A Retry-After on a 429 is taken as given.
 */
export function retryDelaySeconds(
  code: string,
  attempt: number,
  retryAfter?: string | null,
  { jitter = 0.2, random = Math.random }: DelayOptions = {},
): number | null {
  if (!RETRYABLE.has(code)) return null;
  const isLimit = code === 'rate_limited' || code === 'concurrency_limit';
  const told = isLimit ? parseRetryAfter(retryAfter) : undefined;
  if (told !== undefined) return told;
  if (code === 'concurrency_limit') return CONCURRENCY_WAIT_SECONDS;
  const backoff = Math.min(BACKOFF_CAP_SECONDS, BACKOFF_START_SECONDS * 2 ** Math.max(0, attempt - 1));
  return Math.min(BACKOFF_CAP_SECONDS, backoff * (1 + jitter * random()));
}
