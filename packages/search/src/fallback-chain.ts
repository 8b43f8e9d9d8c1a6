import { ApiError } from '@webcapture/errors';
import { type BreakerSettings, CircuitBreaker } from './circuit-breaker';
import { breakerSettings, configuredProviders, providerTimeoutMs } from './config';
import { type SearchHit, searchHits } from './results';
import { ProviderFailure, type ProviderName, type SearchProvider, type SearchQuery } from './types';

export interface WebSearchAnswer {
  results: SearchHit[];
  provider: ProviderName;
}

/**
 * The providers in fallback order, each behind its circuit breaker. Asked in order until one
 * answers: a provider whose circuit is open is skipped, each call gets at most `providerTimeoutMs`
 * of what is left before the deadline, and a 5xx, 429, timeout, refused key or malformed answer
 * moves on to the next. When none answers: 502 upstream_error naming each provider's cause (never
 * an empty 200), with Retry-After when every provider said when to come back.
 */
export class ProviderChain {
  private readonly breakers: Map<ProviderName, CircuitBreaker>;

  constructor(
    readonly providers: readonly SearchProvider[],
    breaker: BreakerSettings,
    private readonly providerTimeoutMs: number,
  ) {
    this.breakers = new Map(providers.map((provider) => [provider.name, new CircuitBreaker(breaker)]));
  }

  async search(query: SearchQuery, deadline: number): Promise<WebSearchAnswer> {
    const failures: ProviderFailure[] = [];
    for (const provider of this.providers) {
      const breaker = this.breakers.get(provider.name) as CircuitBreaker;
      const openMs = breaker.openFor();
      if (openMs > 0) {
        failures.push(
          new ProviderFailure(
            provider.name,
            'circuit_open',
            `${provider.name} skipped after repeated failures`,
            {
              retryAfterSeconds: Math.ceil(openMs / 1000),
            },
          ),
        );
        continue;
      }
      try {
        const callDeadline = Math.min(deadline, Date.now() + this.providerTimeoutMs);
        const answer = await provider.search(query, { deadline: callDeadline });
        breaker.succeeded();
        return { results: searchHits(answer, query.limit, query.sites), provider: answer.provider };
      } catch (error) {
        if (!(error instanceof ProviderFailure)) throw error;
        breaker.failed(error);
        failures.push(error);
      }
    }
    throw allFailed(failures);
  }
}

function allFailed(failures: ProviderFailure[]): ApiError {
  const waits = failures.map((failure) => failure.init.retryAfterSeconds);
  const retryAfter = waits.every((wait) => wait !== undefined) ? Math.min(...(waits as number[])) : undefined;
  return new ApiError(
    'upstream_error',
    `No search provider answered: ${failures.map((failure) => failure.message).join('; ')}. Retry later.`,
    {
      status: 502,
      details: {
        retryable: true,
        providers: failures.map((failure) => ({
          provider: failure.provider,
          reason: failure.reason,
          message: failure.message,
          ...(failure.init.status ? { status: failure.init.status } : {}),
          ...(failure.init.retryAfterSeconds !== undefined
            ? { retry_after_seconds: failure.init.retryAfterSeconds }
            : {}),
        })),
      },
      headers: retryAfter !== undefined ? { 'retry-after': String(Math.max(1, retryAfter)) } : {},
    },
  );
}

/** The chain the environment configures, kept for the life of the process so its breakers remember. */
let processChain: { signature: string; chain: ProviderChain } | undefined;

const CHAIN_VARIABLES = [
  'SEARCH_PROVIDERS',
  'SEARXNG_URL',
  'BRAVE_API_KEY',
  'BRAVE_API_URL',
  'SERPER_API_KEY',
  'SERPER_API_URL',
  'SEARCH_PROVIDER_TIMEOUT_MS',
  'SEARCH_BREAKER_FAILURES',
  'SEARCH_BREAKER_COOLDOWN_SECONDS',
] as const;

/** 503 service_unavailable naming the variable to set when the environment configures no provider. */
export function configuredChain(env: Record<string, string | undefined> = process.env): ProviderChain {
  const signature = CHAIN_VARIABLES.map((name) => env[name] ?? '').join('\n');
  if (processChain?.signature !== signature) {
    const chain = new ProviderChain(configuredProviders(env), breakerSettings(env), providerTimeoutMs(env));
    processChain = { signature, chain };
  }
  return processChain.chain;
}
