import { ApiError } from '@webcapture/errors';
import { RefusedAddressError, type Resolver, resolveAllowed, systemResolver } from './guarded-connector';
import { networkError, unresolvableName } from './network-errors';
import { isReservedAddress } from './reserved-addresses';
import { hostOf } from './target-url';

/** The deployment setting that lifts the SSRF guard (local development and tests only). */
export const PRIVATE_TARGETS_SETTING = 'ALLOW_PRIVATE_TARGETS';

/** 400 invalid_url / private_address, the one refusal of the SSRF guard. */
export function privateAddressError(
  url: URL,
  details: { field: string; redirected?: boolean; host?: string },
): ApiError {
  // Named so a developer running it locally learns the one switch that changes the answer.
  return new ApiError(
    'invalid_url',
    `The ${details.field === 'url' ? 'URL' : details.field} resolves to a private or reserved address, which is not fetched (a local or test deployment allows them with ${PRIVATE_TARGETS_SETTING}=true).`,
    {
      details: { url: url.href, ...details, reason: 'private_address', setting: PRIVATE_TARGETS_SETTING },
    },
  );
}

export interface TargetCheckOptions {
  /** The request field the URL came from (`url`, `webhook_url`), named in the error. */
  field?: string;
  /** Lifts the check; default process.env.ALLOW_PRIVATE_TARGETS === 'true', as for captures. */
  allowPrivateTargets?: boolean;
  resolve?: Resolver;
  /**
   * Resolve the name even where the guard is lifted, so one that does not exist is still refused
   * (dns_unresolvable): a webhook_url is called later and retried for hours, never to succeed.
   */
  requireResolvable?: boolean;
}

/**
 * The SSRF guard's verdict on a URL before anything is served or sent for it: where no socket
 * will be opened now — a cached capture about to be served, a webhook_url to be called later —
 * its name is resolved and judged as the connector would. Throws 400 invalid_url
 * (`private_address`, or `dns_unresolvable` for a name that does not exist); DNS trouble of our
 * own is the retryable 500 a capture would give. The connector still checks at connect time:
 * this is no substitute for it (DNS answers can change in between).
 */
export async function checkTarget(url: URL, options: TargetCheckOptions = {}): Promise<void> {
  const allowPrivate = options.allowPrivateTargets ?? process.env.ALLOW_PRIVATE_TARGETS === 'true';
  if (allowPrivate && !options.requireResolvable) return;
  const field = options.field ?? 'url';
  try {
    await resolveAllowed(
      hostOf(url),
      options.resolve ?? systemResolver,
      (address) => allowPrivate || !isReservedAddress(address),
    );
  } catch (error) {
    if (error instanceof RefusedAddressError) throw privateAddressError(url, { field });
    throw unresolvableName(error, url, { field }) ?? networkError(error, url);
  }
}
