export { type BreakerSettings, CircuitBreaker } from './circuit-breaker';
export { configuredProviders, SETUP_HINT, searchConfigProblem } from './config';
export { configuredChain, ProviderChain, type WebSearchAnswer } from './fallback-chain';
export { BRAVE_API_URL, braveProvider } from './providers/brave';
export { searxngProvider } from './providers/searxng';
export { SERPER_API_URL, serperProvider } from './providers/serper';
export { dedupKey, type SearchHit, searchHits } from './results';
export * from './types';
