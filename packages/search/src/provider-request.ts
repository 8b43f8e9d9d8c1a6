import type { z } from 'zod';
import { ProviderFailure, type ProviderName } from './types';

/** An ISO 8601 timestamp when the provider's date can be read as one; absent otherwise. */
export function isoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** `path` under a provider's base URL, whether or not the base ends in a slash. */
export function providerUrl(base: string, path: string): URL {
  return new URL(path, base.endsWith('/') ? base : `${base}/`);
}

export interface ProviderRequest {
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  deadline: number;
}

/**
 * Retry-After in seconds (delta or HTTP date); Brave also says when its window ends in
 * X-RateLimit-Reset ("1, 1419704": seconds to the per-second and the per-month reset).
 */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after') ?? headers.get('x-ratelimit-reset')?.split(',')[0];
  if (!value) return undefined;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function failureOfStatus(provider: ProviderName, response: Response): ProviderFailure {
  const status = response.status;
  if (status === 429) {
    const retryAfter = retryAfterSeconds(response.headers);
    return new ProviderFailure(provider, 'rate_limited', `${provider} answered 429 (rate limited)`, {
      status,
      retryAfterSeconds: retryAfter,
    });
  }
  if (status === 401 || status === 403) {
    // SearXNG answers 403 when its JSON format is not enabled in settings.yml; the others, a bad key.
    return new ProviderFailure(provider, 'unauthorized', `${provider} refused the request (HTTP ${status})`, {
      status,
    });
  }
  const reason = status >= 500 ? 'unavailable' : 'bad_response';
  return new ProviderFailure(provider, reason, `${provider} answered HTTP ${status}`, { status });
}

/**
 * One call to a provider's JSON API, answered or abandoned by the deadline, its answer checked
 * against the provider's documented shape. Every way it can fail becomes a ProviderFailure, so
 * the fallback chain has one thing to handle.
 */
export async function providerJson<T extends z.ZodType>(
  provider: ProviderName,
  request: ProviderRequest,
  shape: T,
): Promise<z.output<T>> {
  const remaining = request.deadline - Date.now();
  if (remaining <= 0) throw new ProviderFailure(provider, 'timeout', `${provider}: no time left to ask`);
  let text: string;
  try {
    const response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: { accept: 'application/json', ...request.headers },
      body: request.body,
      // Covers the body too: a provider that stalls mid-answer is abandoned at the deadline.
      signal: AbortSignal.timeout(remaining),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw failureOfStatus(provider, response);
    }
    text = await response.text();
  } catch (error) {
    if (error instanceof ProviderFailure) throw error;
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderFailure(provider, 'timeout', `${provider} did not answer within ${remaining} ms`);
    }
    const code = ((error as Error).cause as { code?: string } | undefined)?.code ?? 'network error';
    throw new ProviderFailure(provider, 'unavailable', `${provider} could not be reached (${code})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProviderFailure(provider, 'bad_response', `${provider} answered something other than JSON`);
  }
  const checked = shape.safeParse(parsed);
  if (!checked.success) {
    throw new ProviderFailure(provider, 'bad_response', `${provider} answered JSON of an unexpected shape`);
  }
  return checked.data;
}
