import { ApiError } from '@webcapture/errors';

/**
 * What a job (or bulk item) ends with when its queue message was dead-lettered: every worker that
 * took it died before finishing (a crash, or out of memory or time). Nothing was charged, so the
 * caller may simply retry.
 */
export function deadLetterError(): ApiError {
  return new ApiError(
    'internal_error',
    'Every worker that took this job stopped before finishing it (a crash, or out of memory or time); it was ended as failed and nothing was charged. Retry with backoff.',
    { details: { reason: 'worker_died' } },
  );
}
