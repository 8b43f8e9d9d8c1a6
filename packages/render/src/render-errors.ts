import { networkError, privateAddressError, unresolvableName } from '@webcapture/capture';
import { ApiError, fieldError } from '@webcapture/errors';
import type { ProxyRefusal } from './guard-proxy';
import { NavigationFailed } from './main-frame-navigation';

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
  /** The main frame's last failed navigation: which URL a `net::ERR_…` was about. */
  failedNavigation?: NavigationFailed;
}

/** Every way a render can fail, as the one error type (README: Errors); nothing else escapes. */
export function renderFailure(error: unknown, context: FailureContext): ApiError {
  if (error instanceof ApiError) return error;
  const { request } = context;
  if (error instanceof RenderTimeout) {
    const selector = request.waitForSelector;
    if (selector && error.phase.startsWith('waiting for the selector')) {
      // The page's answer, not a fault of ours: retrying the same request would wait in vain again.
      return new ApiError(
        'selector_timeout',
        `The selector ${selector} did not appear within ${request.timeoutMs} ms; check the selector against the rendered page, or raise timeout_ms.`,
        { details: { selector, timeout_ms: request.timeoutMs } },
      );
    }
    return new ApiError(
      'internal_error',
      `The page did not finish rendering within ${request.timeoutMs} ms (still ${error.phase}).`,
      { details: { reason: 'timeout', timeout_ms: request.timeoutMs, phase: error.phase } },
    );
  }
  if (error instanceof NavigationFailed) return navigationFailure(error, context);
  const message = error instanceof Error ? error.message : String(error);
  const netError = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  if (netError) {
    return navigationFailure(
      context.failedNavigation ?? new NavigationFailed(request.url, netError),
      context,
    );
  }
  if (/not a valid selector|SyntaxError/.test(message) && request.waitForSelector) {
    return new ApiError('validation_error', `${request.waitForSelector} is not a valid CSS selector.`, {
      status: 422,
      details: {
        fields: [fieldError('wait_for_selector', 'invalid_format', 'is not a valid CSS selector')],
      },
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

const bareHost = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * The document (or a navigation the page made itself) did not load: the fast path's answer for
 * the same cause, judged by what the guard proxy refused for that URL's host — 400 invalid_url
 * `private_address` or `dns_unresolvable`, the country proxy's failure, else 500 `unreachable`.
 */
function navigationFailure(failure: NavigationFailed, context: FailureContext): ApiError {
  const { request, refusals } = context;
  const url = new URL(failure.url);
  const redirected = failure.url !== request.url;
  const own = refusals.filter((refusal) => bareHost(refusal.host) === bareHost(url.hostname));
  // Without a recorded navigation the failing URL is only the one asked for; then any private
  // refusal is taken to be the document's, as a redirect's host differs from the URL's.
  const privateRefusal = (context.failedNavigation ? own : refusals).find(
    (refusal) => refusal.reason === 'private_address',
  );
  if (privateRefusal) {
    return privateAddressError(url, {
      field: 'url',
      host: privateRefusal.host,
      ...(redirected ? { redirected } : {}),
    });
  }
  const proxyFailure = refusals.find((refusal) => refusal.reason === 'proxy_failed');
  // The country's proxy is down or would not tunnel: the fast path's error for the same failure.
  if (proxyFailure) return networkError(proxyFailure.cause, url);
  for (const refusal of own) {
    const unresolvable = unresolvableName(refusal.cause, url, { field: 'url', redirected });
    if (unresolvable) return unresolvable;
  }
  const netError = /(ERR_[A-Z_]+)/.exec(failure.errorText)?.[1] ?? 'ERR_FAILED';
  return new ApiError('internal_error', `The page could not be loaded (${netError}).`, {
    details: { reason: 'unreachable', error: netError, url: failure.url },
  });
}
