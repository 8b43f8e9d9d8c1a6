import { ApiError } from '@webcapture/errors';
import { ACCEPT_ENCODING } from './body-decoding';
import { parseContentType } from './content-type';
import { Dispatchers, type Route } from './dispatchers';
import {
  type AddressPolicy,
  RefusedAddressError,
  type Resolver,
  resolveAllowed,
  systemResolver,
} from './guarded-connector';
import { type Exchange, exchange } from './http-exchange';
import { networkError, unresolvableName } from './network-errors';
import { isReservedAddress } from './reserved-addresses';
import { privateAddressError } from './target-check';
import { hostOf, parseTargetUrl } from './target-url';

export interface FetchRequest {
  url: string;
  /** One deadline for the whole capture: every redirect, connect and body byte. */
  timeoutMs: number;
  /** ^[A-Z]{2}$; routed through the proxy PROXY_URLS names for it, else direct. */
  country?: string;
  /** Cap on the decompressed body; default 10 MiB. */
  maxBodyBytes?: number;
  /** Lifts the SSRF guard; default process.env.ALLOW_PRIVATE_TARGETS === 'true'. */
  allowPrivateTargets?: boolean;
  signal?: AbortSignal;
  /**
   * Validators of a copy held from before (an incremental crawl): sent as If-None-Match and
   * If-Modified-Since, so the origin may answer 304 Not Modified, which is returned (no body).
   */
  conditional?: { ifNoneMatch?: string | null; ifModifiedSince?: string | null };
}

export interface FetchResult {
  url: string;
  finalUrl: string;
  redirects: Array<{ url: string; status: number }>;
  /** Final upstream status; non-2xx answers are returned, not thrown. */
  status: number;
  /** Final response headers, names lower-cased, repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Media type without parameters, lower-cased, e.g. 'text/html'. */
  contentType: string | null;
  /** The Content-Type charset parameter, lower-cased, for the content engine. */
  charset: string | null;
  /** Decompressed bytes. */
  body: Uint8Array;
  /** Body bytes as the origin sent them (still compressed) for the final response: what is billed. */
  wireBytes: number;
  /** ISO 8601 UTC with milliseconds and Z, taken when the final body was complete. */
  retrievedAt: string;
  /** The peer address of the socket the final response came over (the proxy's when proxied). */
  remoteAddress: string;
  /** The country whose proxy carried the request, or null when it went out directly. */
  proxyCountry: string | null;
}

/** Injection points of a fetcher; production uses the defaults. */
export interface FetcherOptions {
  /** Name resolution used for every connection; default: the system resolver (getaddrinfo). */
  resolve?: Resolver;
  /** Which addresses the SSRF guard lets through; default: public unicast only. */
  isAllowedAddress?: AddressPolicy;
}

export type Fetcher = (request: FetchRequest) => Promise<FetchResult>;

const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 10;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** 304 Not Modified never has a body (RFC 9110 §15.4.5): whatever comes is drained, not decoded. */
const NOT_MODIFIED = 304;

/** What a current desktop Chrome sends, so origins serve the page a reader would see (and a fast-path recording shows). */
export const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': ACCEPT_ENCODING,
  'upgrade-insecure-requests': '1',
};

function isRedirect(status: number, headers: Record<string, string>): boolean {
  return REDIRECT_STATUSES.has(status) && headers.location !== undefined;
}

/** The browser's headers plus a conditional request's validators, when it has any. */
function requestHeaders(conditional: FetchRequest['conditional']): Record<string, string> {
  const headers: Record<string, string> = { ...BROWSER_HEADERS };
  if (conditional?.ifNoneMatch) headers['if-none-match'] = conditional.ifNoneMatch;
  if (conditional?.ifModifiedSince) headers['if-modified-since'] = conditional.ifModifiedSince;
  return headers;
}

export function createFetcher(options: FetcherOptions = {}): Fetcher {
  const dispatchers = new Dispatchers(
    options.resolve ?? systemResolver,
    options.isAllowedAddress ?? ((address) => !isReservedAddress(address)),
  );
  return (request) => capture(dispatchers, request);
}

async function capture(dispatchers: Dispatchers, request: FetchRequest): Promise<FetchResult> {
  const requested = parseTargetUrl(request.url);
  const guarded = !(request.allowPrivateTargets ?? process.env.ALLOW_PRIVATE_TARGETS === 'true');
  const route = dispatchers.route(request.country, guarded);
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
  const redirects: FetchResult['redirects'] = [];
  const visited = new Set([requested.href]);
  let url = requested;
  for (;;) {
    let hop: Exchange;
    try {
      hop = await exchangeVia(route, dispatchers, guarded, url, signal, request);
    } catch (error) {
      throw captureFailure(error, { url, redirected: redirects.length > 0, request, deadline });
    }
    if (!isRedirect(hop.status, hop.headers)) return toResult(request.url, url, redirects, hop, route);
    redirects.push({ url: url.href, status: hop.status });
    url = nextHop(hop.headers.location as string, url, redirects.length, visited);
  }
}

function exchangeVia(
  route: Route,
  dispatchers: Dispatchers,
  guarded: boolean,
  url: URL,
  signal: AbortSignal,
  request: FetchRequest,
): Promise<Exchange> {
  const send = () =>
    exchange({
      dispatcher: route.dispatcher,
      url,
      headers: requestHeaders(request.conditional),
      signal,
      maxBodyBytes: request.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      keepBody: (status, headers) => status !== NOT_MODIFIED && !isRedirect(status, headers),
    });
  if (!route.proxyCountry) return send();
  // Past our own look-up of the target, a name that does not resolve is the proxy's: our
  // configuration, so the retryable 500 a rendered capture gives too, not 400 dns_unresolvable.
  const viaProxy = () =>
    send().catch((error: unknown) => {
      throw unresolvableName(error, url, { field: 'url' }) ? networkError(error, url) : error;
    });
  if (!guarded) return viaProxy();
  // The proxy resolves and connects on its own, out of our sight; the best we can do is refuse
  // names that resolve to reserved addresses here (see README: proxies and SSRF).
  return resolveAllowed(hostOf(url), dispatchers.resolve, dispatchers.isAllowed).then(viaProxy);
}

/** Validates a Location header and resolves it against the URL that sent it. */
function nextHop(location: string, from: URL, followed: number, visited: Set<string>): URL {
  if (followed > MAX_REDIRECTS) {
    throw new ApiError('internal_error', `The page redirected more than ${MAX_REDIRECTS} times.`, {
      details: { reason: 'too_many_redirects', limit: MAX_REDIRECTS, url: from.href },
    });
  }
  const next = parseTargetUrl(location, from);
  if (visited.has(next.href)) {
    throw new ApiError('internal_error', 'The page redirects in a loop.', {
      details: { reason: 'redirect_loop', url: next.href },
    });
  }
  visited.add(next.href);
  return next;
}

function captureFailure(
  error: unknown,
  context: { url: URL; redirected: boolean; request: FetchRequest; deadline: AbortSignal },
): ApiError {
  if (error instanceof ApiError) return error;
  if (context.deadline.aborted) {
    return new ApiError('internal_error', `The page did not answer within ${context.request.timeoutMs} ms.`, {
      details: { reason: 'timeout', timeout_ms: context.request.timeoutMs },
    });
  }
  if (context.request.signal?.aborted) {
    return new ApiError('internal_error', 'The capture was cancelled.', { details: { reason: 'aborted' } });
  }
  if (error instanceof RefusedAddressError) {
    return privateAddressError(context.url, { field: 'url', redirected: context.redirected });
  }
  return (
    unresolvableName(error, context.url, { field: 'url', redirected: context.redirected }) ??
    networkError(error, context.url)
  );
}

function toResult(
  requestedUrl: string,
  final: URL,
  redirects: FetchResult['redirects'],
  hop: Exchange,
  route: Route,
): FetchResult {
  const { mediaType, charset } = parseContentType(hop.headers['content-type']);
  return {
    url: requestedUrl,
    finalUrl: final.href,
    redirects,
    status: hop.status,
    headers: hop.headers,
    contentType: mediaType,
    charset,
    body: hop.body,
    wireBytes: hop.wireBytes,
    retrievedAt: new Date().toISOString(),
    remoteAddress: hop.remoteAddress,
    proxyCountry: route.proxyCountry,
  };
}

const defaultFetcher = createFetcher();

/** Fetches a page over plain HTTP with redirects, decompression, limits and the SSRF guard. */
export async function fetchPage(request: FetchRequest): Promise<FetchResult> {
  return defaultFetcher(request);
}
