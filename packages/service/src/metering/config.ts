/** Metering settings from the environment, read on every call so tests can change them. */

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** A slot whose request never ended (killed function, lost client) frees itself after this. */
export function leaseSeconds(): number {
  return numberEnv('CONCURRENCY_LEASE_SECONDS', 300);
}

/** How stale the per-process copy of an account's plan, overrides and billing state may be. */
export function accountCacheMs(): number {
  return numberEnv('ACCOUNT_CACHE_SECONDS', 5) * 1000;
}

/** Retry-After of a 429 concurrency_limit: short and fixed, since a slot frees when a job ends. */
export const CONCURRENCY_RETRY_AFTER_SECONDS = 1;
