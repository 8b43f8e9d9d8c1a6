import type { components, paths } from '../generated/openapi';

type ErrorEnvelope = NonNullable<
  paths['/v1/scrape']['post']['responses']['default']['content']['application/json']
>;
/** Every error code the API documents (its OpenAPI error table). */
export type ErrorCode = ErrorEnvelope['error']['code'];
// The generated components are re-exported for callers who want the schema names.
export type { components };

/** Details of an error: the API's `error.details` object, absent when the API gave none. */
export type ErrorDetails = Record<string, unknown> | undefined;

/**
 * An error answered by the API (its envelope, in either spelling the spec allows), carrying the
 * code to branch on. Subclasses group the codes by what the caller has to do about them.
 */
export class WebcaptureError extends Error {
  override name = 'WebcaptureError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'unknown',
    message: string,
    readonly details: ErrorDetails,
    /** Seconds from the Retry-After header, on a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The request itself must change: a bad field, URL, size or option (400/405/422). */
export class InvalidRequestError extends WebcaptureError {
  override name = 'InvalidRequestError';
}
/** The key is missing, malformed or unknown (401). */
export class AuthenticationError extends WebcaptureError {
  override name = 'AuthenticationError';
}
/** The key is valid but lacks the scope for the action (403). */
export class PermissionError extends WebcaptureError {
  override name = 'PermissionError';
}
/** The resource does not exist, or the feature is switched off (404). */
export class NotFoundError extends WebcaptureError {
  override name = 'NotFoundError';
}
/** Quota, spending cap or subscription state stops the request (402). */
export class BillingError extends WebcaptureError {
  override name = 'BillingError';
}
/** A limit on what the account holds, such as the 50-key cap (409). */
export class ConflictError extends WebcaptureError {
  override name = 'ConflictError';
}
/** Too many requests per second or in flight (429): retried by the client before it is raised. */
export class RateLimitError extends WebcaptureError {
  override name = 'RateLimitError';
}
/** The capture or the service failed (5xx). */
export class ServerError extends WebcaptureError {
  override name = 'ServerError';
}
/** The origin answered a non-2xx status to a fetch; `status` is the origin's. */
export class UpstreamError extends WebcaptureError {
  override name = 'UpstreamError';
}

type ErrorClass = new (...args: ConstructorParameters<typeof WebcaptureError>) => WebcaptureError;

const CLASS_BY_CODE: Record<ErrorCode, ErrorClass> = {
  invalid_url: InvalidRequestError,
  validation_error: InvalidRequestError,
  request_too_large: InvalidRequestError,
  unsupported_url: InvalidRequestError,
  method_not_allowed: InvalidRequestError,
  selector_timeout: InvalidRequestError,
  selector_not_found: InvalidRequestError,
  unauthorized: AuthenticationError,
  invalid_api_key: AuthenticationError,
  forbidden: PermissionError,
  not_found: NotFoundError,
  quota_exceeded: BillingError,
  spending_cap_reached: BillingError,
  billing_entitlement_impaired: BillingError,
  billing_entitlement_expired: BillingError,
  payment_method_required: BillingError,
  api_key_limit_reached: ConflictError,
  job_not_finished: ConflictError,
  rate_limited: RateLimitError,
  concurrency_limit: RateLimitError,
  internal_error: ServerError,
  not_implemented: ServerError,
  service_unavailable: ServerError,
  upstream_error: UpstreamError,
};

function classForStatus(status: number): ErrorClass {
  if (status === 401) return AuthenticationError;
  if (status === 402) return BillingError;
  if (status === 403) return PermissionError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return ServerError;
  return InvalidRequestError;
}

/** The error class for an answer: by its code when the API sent one, else by its status. */
export function errorFromResponse(
  status: number,
  body: unknown,
  retryAfter?: string | null,
): WebcaptureError {
  const retryAfterSeconds = retryAfter ? Number(retryAfter) : undefined;
  const seconds = Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : undefined;
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string') {
    const code = error.code as ErrorCode;
    const ErrorType = CLASS_BY_CODE[code] ?? classForStatus(status);
    const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
    return new ErrorType(status, code, message, error.details as ErrorDetails, seconds);
  }
  // Not our envelope (a proxy or load balancer answered): the status alone tells the family.
  const ErrorType = classForStatus(status);
  return new ErrorType(
    status,
    status >= 500 ? 'internal_error' : 'unknown',
    `HTTP ${status}`,
    undefined,
    seconds,
  );
}
