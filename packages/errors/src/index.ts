/**
 * The one error type of the service. Every 4xx/5xx the API sends starts as an ApiError; its HTTP
 * status comes from STATUS_BY_CODE, which mirrors the spec's error table.
 */

export const STATUS_BY_CODE = {
  invalid_url: 400,
  validation_error: 400,
  request_too_large: 400,
  unsupported_url: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  quota_exceeded: 402,
  spending_cap_reached: 402,
  billing_entitlement_impaired: 402,
  billing_entitlement_expired: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  api_key_limit_reached: 409,
  job_not_finished: 409,
  payment_method_required: 409,
  /** A wait_for_selector that never matched: the page, not the service, must change (not retryable). */
  selector_timeout: 422,
  /** A screenshot's `selector` that matches no element of the rendered page (not retryable). */
  selector_not_found: 422,
  rate_limited: 429,
  concurrency_limit: 429,
  internal_error: 500,
  not_implemented: 501,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE | 'upstream_error';

export type ErrorDetails = Record<string, unknown>;

/**
 * One entry of `details.fields`, the one shape every field-level error uses (README, docs/api/conventions.md):
 * the field's path (`urls.3.url`), a stable machine-readable reason, a sentence, and where a
 * near miss was sent, the name that was probably meant.
 */
export interface FieldError {
  field: string;
  reason: string;
  message: string;
  suggestion?: string;
}

export function fieldError(field: string, reason: string, message: string, suggestion?: string): FieldError {
  return { field, reason, message, ...(suggestion ? { suggestion } : {}) };
}

export interface ApiErrorInit {
  details?: ErrorDetails;
  /** Overrides the table; needed where the spec gives one code two statuses or mirrors upstream. */
  status?: number;
  headers?: Record<string, string>;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, init: ApiErrorInit = {}) {
    super(message, { cause: init.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = init.status ?? (code === 'upstream_error' ? 502 : STATUS_BY_CODE[code]);
    this.details = init.details;
    this.headers = init.headers ?? {};
  }

  /** The same error answered with more headers; its own win where names clash. */
  withHeaders(headers: Record<string, string>): ApiError {
    return new ApiError(this.code, this.message, {
      status: this.status,
      details: this.details,
      headers: { ...headers, ...this.headers },
      cause: this.cause,
    });
  }
}

/**
 * validation_error is 400 for rejections before schema validation (a removed or scrape-only field)
 * and 422 for malformed JSON or failed field validation; these two helpers keep that choice explicit.
 */
export function rejectedField(message: string, details?: ErrorDetails): ApiError {
  return new ApiError('validation_error', message, { status: 400, details });
}

export function invalidField(message: string, details?: ErrorDetails): ApiError {
  return new ApiError('validation_error', message, { status: 422, details });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
