import { networkError } from '@webcapture/capture';
import { ApiError } from '@webcapture/errors';
import type { ProxyRefusal } from './guard-proxy';

/** Thrown when the capture's one deadline passes; `phase` says what was being awaited. */
export class RenderTimeout extends Error {
  constructor(readonly phase: string) {
    super(`render timed out while ${phase}`);
    this.name = 'RenderTimeout';
  }
}

interface FailureContext {
  request: { url: string; timeoutMs: number; waitForSelector?: string };
  refusals: readonly ProxyRefusal[];
}

/** Every way a render can fail, as the one error type (README: Errors); nothing else escapes. */
export function renderFailure(error: unknown, context: FailureContext): ApiError {
  if (error instanceof ApiError) return error;
  const { request } = context;
  if (error instanceof RenderTimeout) {
    const selector = request.waitForSelector;
    if (selector && error.phase.startsWith('waiting for the selector')) {
      return new ApiError(
        'internal_error',
        `The selector ${selector} did not appear within ${request.timeoutMs} ms.`,
        {
          details: { reason: 'selector_timeout', selector, timeout_ms: request.timeoutMs },
        },
      );
    }
    return new ApiError(
      'internal_error',
      `The page did not finish rendering within ${request.timeoutMs} ms (still ${error.phase}).`,
      { details: { reason: 'timeout', timeout_ms: request.timeoutMs, phase: error.phase } },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  const netError = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  const privateRefusal = context.refusals.find((refusal) => refusal.reason === 'private_address');
  if (netError && privateRefusal) {
    return new ApiError(
      'invalid_url',
      'The URL resolves to a private or reserved address, which is not fetched.',
      {
        details: { url: request.url, field: 'url', reason: 'private_address', host: privateRefusal.host },
      },
    );
  }
  const proxyFailure = context.refusals.find((refusal) => refusal.reason === 'proxy_failed');
  if (netError && proxyFailure) {
    // The country's proxy is down or would not tunnel: the fast path's error for the same failure.
    return networkError(proxyFailure.cause, new URL(request.url));
  }
  if (netError) {
    return new ApiError('internal_error', `The page could not be loaded (${netError}).`, {
      details: { reason: 'unreachable', error: netError, url: request.url },
    });
  }
  if (/not a valid selector|SyntaxError/.test(message) && request.waitForSelector) {
    return new ApiError('validation_error', `${request.waitForSelector} is not a valid CSS selector.`, {
      status: 422,
      details: { fields: [{ field: 'wait_for_selector', message: 'is not a valid CSS selector' }] },
    });
  }
  if (/Target closed|Session closed|Connection closed|disconnected|detached|crash/i.test(message)) {
    return new ApiError(
      'internal_error',
      'The browser crashed while rendering the page; retry with backoff.',
      {
        details: { reason: 'browser_crashed' },
      },
    );
  }
  return new ApiError('internal_error', 'The page could not be rendered; retry with backoff.', {
    details: { reason: 'render_failed' },
  });
}
