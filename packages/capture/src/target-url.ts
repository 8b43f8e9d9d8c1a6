import { ApiError } from '@webcapture/errors';

/** Parses a URL the service is asked to capture (or is redirected to); only http and https are fetched. */
export function parseTargetUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new ApiError('invalid_url', 'The URL is malformed.', {
      details: { url: raw, field: 'url', reason: 'malformed' },
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError('invalid_url', `The URL scheme ${url.protocol} is not supported; use http or https.`, {
      details: { url: url.href, field: 'url', reason: 'scheme_unsupported' },
    });
  }
  return url;
}

/** The host part of a URL as a resolver or connector sees it: IPv6 literals without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}
