/** What a caller asks every provider, in our terms; each adapter maps it to its own parameters. */
export interface SearchQuery {
  query: string;
  /** Results wanted (1–20). A provider may return fewer. */
  limit: number;
  /** ISO 639-1, lower case (`en`). */
  lang?: string;
  /** ISO 3166-1 alpha-2, capitals (`US`). */
  country?: string;
  timeRange?: 'day' | 'week' | 'month' | 'year';
  /** Restrict to these hosts (and their subdomains). */
  sites?: string[];
  safeSearch: 'off' | 'moderate' | 'strict';
}

export interface SearchOptions {
  /** The call must be answered or abandoned by then (epoch ms). */
  deadline: number;
}

/** One result as every provider reports it after mapping. */
export interface ProviderResult {
  url: string;
  title: string;
  description: string;
  /** ISO 8601 when the provider dates the page; absent otherwise. */
  publishedAt?: string;
}

export interface ProviderAnswer {
  results: ProviderResult[];
  provider: ProviderName;
}

export const PROVIDER_NAMES = ['searxng', 'brave', 'serper'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** The one interface every adapter implements. */
export interface SearchProvider {
  name: ProviderName;
  search(query: SearchQuery, options: SearchOptions): Promise<ProviderAnswer>;
}

export type FailureReason =
  | 'rate_limited'
  | 'timeout'
  | 'unavailable'
  | 'unauthorized'
  | 'bad_response'
  | 'no_results_engines_down'
  | 'circuit_open';

/**
 * A provider could not answer. `retryAfterSeconds` comes from its 429 (or the breaker's remaining
 * cool-down), so the fallback chain and the client both know when it is worth trying again.
 */
export class ProviderFailure extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly reason: FailureReason,
    message: string,
    readonly init: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}
