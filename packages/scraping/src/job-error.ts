import { ApiError, isApiError } from '@webcapture/errors';
import type { ScrapeError } from '@webcapture/service';

/**
 * What a failed scrape or screenshot records and its webhook carries: the error envelope's fields.
 * Here rather than with the queue workers because a synchronous screenshot that fails ends the
 * same way.
 */
export function jobError(error: unknown, kind: 'scrape' | 'screenshot' | 'sitemap'): ScrapeError {
  const known = isApiError(error)
    ? error
    : new ApiError('internal_error', `The ${kind} failed inside the service; retry with backoff.`);
  const { code, message, status, details } = known;
  return details ? { code, message, http_status: status, details } : { code, message, http_status: status };
}
