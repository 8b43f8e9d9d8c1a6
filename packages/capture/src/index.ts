export { type BlockedVerdict, classifyBlocked } from './blocked-page';
export {
  createFetcher,
  type Fetcher,
  type FetcherOptions,
  type FetchRequest,
  type FetchResult,
  fetchPage,
} from './fetch-page';
export {
  type AddressPolicy,
  isLocalhostName,
  type ResolvedAddress,
  type Resolver,
} from './guarded-connector';
export { isReservedAddress } from './reserved-addresses';
export { checkTarget, privateAddressError, type TargetCheckOptions } from './target-check';
export { hostOf, parseTargetUrl } from './target-url';
export { postWebhook } from './webhook-post';
