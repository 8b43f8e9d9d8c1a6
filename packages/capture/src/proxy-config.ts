import { ApiError } from '@webcapture/errors';

const COUNTRY = /^[A-Z]{2}$/;

let parsed: { raw: string; proxies: Readonly<Record<string, string>> } | undefined;

/**
 * The proxy configured for `country` in PROXY_URLS, a JSON object of country code → proxy URL —
 * the one mechanism in both runtimes (on AWS the variable comes from the ProxyUrls secret). Read
 * per request so a changed value applies at once; parsed once per distinct value.
 */
export function configuredProxy(country: string): string | undefined {
  const raw = process.env.PROXY_URLS?.trim();
  if (!raw) return undefined;
  if (parsed?.raw !== raw) parsed = { raw, proxies: parseProxies(raw) };
  return Object.hasOwn(parsed.proxies, country) ? parsed.proxies[country] : undefined;
}

/**
 * The proxy for `country` as a URL (what `route` on the fast path and the renderer's guard proxy
 * both dial), undefined when the country has none. A value that is not a URL fails the capture
 * with `proxy_misconfigured`, naming the country and never echoing the value.
 */
export function countryProxy(country: string): URL | undefined {
  const configured = configuredProxy(country);
  if (configured === undefined) return undefined;
  try {
    return new URL(configured);
  } catch {
    throw proxyMisconfigured(country);
  }
}

/** The proxy URL configured for `country` cannot be used; the value may hold credentials. */
export function proxyMisconfigured(country: string, why = 'is not a valid URL'): ApiError {
  return new ApiError('internal_error', `The proxy configured for ${country} ${why}.`, {
    details: { reason: 'proxy_misconfigured', country },
  });
}

function parseProxies(raw: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const valid =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(([country, url]) => COUNTRY.test(country) && typeof url === 'string');
  if (!valid) {
    // The value holds proxy credentials: describe it, never echo it.
    throw new ApiError(
      'internal_error',
      'The proxy configuration (PROXY_URLS) is not a JSON object of country codes to proxy URLs.',
      { details: { reason: 'proxy_misconfigured' } },
    );
  }
  return value as Record<string, string>;
}
