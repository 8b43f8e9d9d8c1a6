import type { ProviderFailure } from './types';

export interface BreakerSettings {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit skips the provider. */
  cooldownMs: number;
}

/**
 * Skips a provider that keeps failing, so one outage does not cost every request a timeout.
 * Closed → open after `failureThreshold` consecutive failures, for `cooldownMs`; a 429 opens it at
 * once for the provider's Retry-After, since asking sooner is refused anyway. After the cool-down
 * calls go through again (half-open): one success closes it, one failure opens it again.
 *
 * Written here rather than taken from opossum: its open interval is one fixed resetTimeout, where
 * ours must follow each 429's Retry-After, and its own timeouts would duplicate the deadline
 * every call already carries. State is per process (per warm Lambda instance): README, Search.
 */
export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;

  constructor(private readonly settings: BreakerSettings) {}

  /** Milliseconds until calls may go through again; 0 when closed or half-open. */
  openFor(now = Date.now()): number {
    return Math.max(0, this.openUntil - now);
  }

  succeeded(): void {
    this.failures = 0;
    this.openUntil = 0;
  }

  failed(failure: ProviderFailure, now = Date.now()): void {
    this.failures += 1;
    const retryAfterMs = (failure.init.retryAfterSeconds ?? 0) * 1000;
    if (failure.reason === 'rate_limited' && retryAfterMs > 0) {
      this.openUntil = Math.max(this.openUntil, now + retryAfterMs);
    }
    if (this.failures >= this.settings.failureThreshold) {
      this.openUntil = Math.max(this.openUntil, now + this.settings.cooldownMs);
    }
  }
}
