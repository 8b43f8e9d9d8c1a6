import { setTimeout as sleep } from 'node:timers/promises';
import { type DelayOptions, mayReplay, retryDelaySeconds } from './retry-policy';

export interface RetryEvent {
  /** 1 for the first retry. */
  attempt: number;
  code: string;
  status: number;
  delaySeconds: number;
  url: string;
}

export interface RetryOptions extends DelayOptions {
  /** Retries after the first attempt; default 5. 0 turns retrying off. */
  maxRetries?: number;
  /** Called before each wait (for logs or progress). */
  onRetry?: (event: RetryEvent) => void;
  /** How to wait; injectable so tests can observe the waits. Default: a timer. */
  wait?: (seconds: number) => Promise<void>;
}

async function errorCodeOf(response: Response): Promise<string> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } };
    if (typeof body.error?.code === 'string') return body.error.code;
  } catch {
    // Not our envelope: a proxy answered. Fall through to the status.
  }
  return response.status === 429 ? 'rate_limited' : 'internal_error';
}

/**
 * A fetch that replays a request the spec says may be retried, waiting as the retry policy says,
 * and hands back the last answer otherwise (success or error alike) for the caller to read.
 */
export function retryingFetch(
  options: RetryOptions,
  baseFetch: (request: Request) => Promise<Response> = (request) => fetch(request),
): (request: Request) => Promise<Response> {
  const maxRetries = options.maxRetries ?? 5;
  const wait = options.wait ?? ((seconds: number) => sleep(seconds * 1000));
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      // A clone per attempt: a request body can be read only once.
      const response = await baseFetch(request.clone());
      if (response.status !== 429 && response.status < 500) return response;
      if (attempt > maxRetries) return response;
      const code = await errorCodeOf(response);
      if (!mayReplay(request.method, new URL(request.url).pathname, code)) return response;
      const delaySeconds = retryDelaySeconds(code, attempt, response.headers.get('retry-after'), options);
      if (delaySeconds === null) return response;
      await response.body?.cancel();
      options.onRetry?.({ attempt, code, status: response.status, delaySeconds, url: request.url });
      await wait(delaySeconds);
    }
  };
}
