import { setTimeout as sleep } from 'node:timers/promises';
import { retryDelaySeconds } from './retry-policy';

export { retryDelaySeconds } from './retry-policy';

/** An error envelope from the API, in either spelling, as one error object. */
export class WebcaptureError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | undefined,
  ) {
    super(message);
    this.name = 'WebcaptureError';
  }
}

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Retries after the first attempt, for the retryable codes only; default 5. */
  maxRetries?: number;
  /** Injected in tests to observe the waits instead of sleeping through them. */
  wait?: (seconds: number) => Promise<void>;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/**
 * A small client for the API that follows the spec's retry rules: rate_limited,
 * concurrency_limit and internal_error are retried (Retry-After first, else backoff from 1 s
 * doubling to 60 s); everything else is raised at once, because it needs fixing first.
 */
export function createClient(options: ClientOptions) {
  const wait = options.wait ?? ((seconds: number) => sleep(seconds * 1000));
  const maxRetries = options.maxRetries ?? 5;

  async function send(method: string, path: string, body?: unknown): Promise<RawResponse> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(new URL(path, options.baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.ok) return { status: response.status, headers: response.headers, body: bytes };
      const error = toError(response.status, bytes);
      const delay =
        attempt < maxRetries
          ? retryDelaySeconds(error.code, attempt + 1, response.headers.get('retry-after'))
          : null;
      if (delay === null) throw error;
      await wait(delay);
    }
  }

  async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const { body: bytes } = await send(method, path, body);
    return (bytes.length ? JSON.parse(new TextDecoder().decode(bytes)) : undefined) as T;
  }

  return {
    send,
    scrape: (request: { url: string } & Record<string, unknown>) =>
      json<Record<string, unknown>>('POST', '/v1/scrape', request),
    getScrape: (id: string) => json<Record<string, unknown>>('GET', `/v1/scrape/${encodeURIComponent(id)}`),
    fetch: (request: { url: string } & Record<string, unknown>) => send('POST', '/v1/fetch', request),
    account: () => json<Record<string, unknown>>('GET', '/v1/account'),
  };
}

function toError(status: number, bytes: Uint8Array): WebcaptureError {
  try {
    const { error } = JSON.parse(new TextDecoder().decode(bytes)) as {
      error: { code: string; message: string; details?: Record<string, unknown> };
    };
    return new WebcaptureError(status, error.code, error.message, error.details);
  } catch {
    // Not our envelope (a proxy or load balancer answered): keep the status, retry 5xx.
    return new WebcaptureError(
      status,
      status >= 500 ? 'internal_error' : 'unknown',
      `HTTP ${status}`,
      undefined,
    );
  }
}
