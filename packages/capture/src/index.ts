export { type BlockedVerdict, classifyBlocked } from './blocked-page';
export { parseContentType } from './content-type';
export {
  BROWSER_HEADERS,
  createFetcher,
  type Fetcher,
  type FetcherOptions,
  type FetchRequest,
  type FetchResult,
  fetchPage,
} from './fetch-page';
export {
  type AddressPolicy,
  allowEveryAddress,
  guardedLookup,
  isLocalhostName,
  RefusedAddressError,
  type ResolvedAddress,
  type Resolver,
  resolveAllowed,
  systemResolver,
} from './guarded-connector';
export { networkError, unresolvableName } from './network-errors';
export { countryProxy, proxyMisconfigured } from './proxy-config';
export { isReservedAddress } from './reserved-addresses';
export {
  checkTarget,
  PRIVATE_TARGETS_SETTING,
  privateAddressError,
  type TargetCheckOptions,
} from './target-check';
export { hostOf, parseTargetUrl } from './target-url';
export { postWebhook } from './webhook-post';
