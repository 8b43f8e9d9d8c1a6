export type { paths, webhooks } from '../generated/openapi';
export {
  DEFAULT_BASE_URL,
  type Download,
  type PageQuery,
  Webcapture,
  type WebcaptureOptions,
} from './client';
export {
  AuthenticationError,
  BillingError,
  ConflictError,
  type ErrorCode,
  type ErrorDetails,
  errorFromResponse,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  UpstreamError,
  WebcaptureError,
} from './errors';
export {
  type JobReference,
  type PolledJob,
  TERMINAL_STATUSES,
  type WaitOptions,
  WaitTimeoutError,
} from './job-polling';
export { type Page, paginate } from './pagination';
export {
  BACKOFF_CAP_SECONDS,
  BACKOFF_START_SECONDS,
  CONCURRENCY_WAIT_SECONDS,
  mayReplay,
  parseRetryAfter,
  retryDelaySeconds,
} from './retry-policy';
export { type RetryEvent, type RetryOptions, retryingFetch } from './retrying-fetch';
export type * from './types';
export {
  type HeaderSource,
  verifyWebhook,
  type WebhookEventName,
  type WebhookPayload,
  WebhookVerificationError,
} from './webhooks';
