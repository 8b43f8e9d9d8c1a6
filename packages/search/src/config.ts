import { ApiError } from '@webcapture/errors';
import type { BreakerSettings } from './circuit-breaker';
import { braveProvider } from './providers/brave';
import { searxngProvider } from './providers/searxng';
import { serperProvider } from './providers/serper';
import { PROVIDER_NAMES, type ProviderName, type SearchProvider } from './types';

type Env = Record<string, string | undefined>;

/** What `SEARCH_PROVIDERS` may name, and the variables each one needs. */
const NEEDS: Record<ProviderName, string> = {
  searxng: 'SEARXNG_URL',
  brave: 'BRAVE_API_KEY',
  serper: 'SERPER_API_KEY',
};

export const SETUP_HINT =
  'set SEARCH_PROVIDERS to a comma list of searxng, brave, serper (the fallback order) with SEARXNG_URL, BRAVE_API_KEY or SERPER_API_KEY for each';

function build(name: ProviderName, env: Env): SearchProvider {
  if (name === 'searxng') return searxngProvider({ baseUrl: env.SEARXNG_URL as string });
  const apiKey = env[NEEDS[name]] as string;
  if (name === 'brave') return braveProvider({ apiKey, baseUrl: env.BRAVE_API_URL || undefined });
  return serperProvider({ apiKey, baseUrl: env.SERPER_API_URL || undefined });
}

function listedNames(env: Env): string[] {
  const names = (env.SEARCH_PROVIDERS ?? '').split(',').map((name) => name.trim());
  return [...new Set(names.filter(Boolean))];
}

/** Why search cannot run on this deployment, in words naming the variable to set; undefined when it can. */
export function searchConfigProblem(env: Env = process.env): string | undefined {
  const names = listedNames(env);
  if (!names.length) return `No search provider is configured: ${SETUP_HINT}.`;
  for (const name of names) {
    if (!(PROVIDER_NAMES as readonly string[]).includes(name)) {
      return `SEARCH_PROVIDERS names "${name}", which is not a provider: use searxng, brave or serper.`;
    }
    const variable = NEEDS[name as ProviderName];
    if (!env[variable]) return `SEARCH_PROVIDERS lists ${name} but ${variable} is not set.`;
  }
  return undefined;
}

/** The fallback chain, in SEARCH_PROVIDERS order; 503 naming the variable when it cannot be built. */
export function configuredProviders(env: Env = process.env): SearchProvider[] {
  const problem = searchConfigProblem(env);
  if (problem) throw new ApiError('service_unavailable', problem);
  return listedNames(env).map((name) => build(name as ProviderName, env));
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** Longest one provider may take before the next one is asked. */
export function providerTimeoutMs(env: Env = process.env): number {
  return positiveNumber(env.SEARCH_PROVIDER_TIMEOUT_MS, 8000);
}

export function breakerSettings(env: Env = process.env): BreakerSettings {
  return {
    failureThreshold: positiveNumber(env.SEARCH_BREAKER_FAILURES, 3),
    cooldownMs: positiveNumber(env.SEARCH_BREAKER_COOLDOWN_SECONDS, 30) * 1000,
  };
}
