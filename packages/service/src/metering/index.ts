export * from './admission';
export { accountCacheMs, CONCURRENCY_RETRY_AFTER_SECONDS, leaseSeconds } from './config';
export * from './credits';
export * from './entitlement';
export * from './factors';
export { dayOf, monthOf } from './meter';
export { peekRate } from './rate-window';
export * from './settle';
export * from './usage';
