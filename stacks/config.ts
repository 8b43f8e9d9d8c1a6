/**
 * Per-stage settings and the plain environment every function gets from them. Pure data (no SST
 * globals) so .ci/check-infra can assert the invariants: production alone takes live keys, and
 * private targets are never allowed on AWS.
 */

export const PRODUCTION_STAGE = 'production';

export interface StageSettings {
  /** Which keys authenticate: `sk_live_` on production, `sk_test_` on every other stage. */
  keyEnvironment: 'live' | 'test';
  /** Spelling of the error envelope (README "Errors"). */
  errorStyle: 'snake' | 'camel';
  /** POST /v1/schema is off until its extractor ships. */
  schemaEnabled: boolean;
  /**
   * POST /v1/search's providers in fallback order (SEARCH_PROVIDERS) and the SearXNG instance
   * (SEARXNG_URL); brave and serper take their keys from the BraveApiKey / SerperApiKey secrets.
   * Empty: search answers 503 naming the variable.
   */
  searchProviders: string;
  searxngUrl: string;
  /** Who the alarm topic notifies (stacks/alarms.ts); else ALARM_EMAIL / ALARM_WEBHOOK_URL at deploy time. */
  alarmEmail?: string;
  alarmWebhookUrl?: string;
  /** Plan id → Stripe price id, `standard=price_…,growth=price_…` (README, Billing); empty: nothing is sold. */
  stripePrices: string;
  /**
   * The API's public URL when a custom domain (with its API mapping's path, if any) fronts it;
   * absent: the API Gateway endpoint. Every URL the service hands out starts with it.
   */
  publicBaseUrl?: string;
}

/** What a stage may change; the key environment follows from the stage name alone. */
type StageOverrides = Partial<Omit<StageSettings, 'keyEnvironment'>>;

const DEFAULTS: Omit<StageSettings, 'keyEnvironment'> = {
  errorStyle: 'snake',
  schemaEnabled: false,
  searchProviders: '',
  searxngUrl: '',
  stripePrices: '',
};

/** Add a stage here to change its settings; unknown stages (personal, ci, pr-123) use the defaults. */
const STAGES: Record<string, StageOverrides> = {
  production: {},
  staging: {},
};

export function isProduction(stage: string): boolean {
  return stage === PRODUCTION_STAGE;
}

export function stageSettings(stage: string): StageSettings {
  return {
    ...DEFAULTS,
    ...STAGES[stage],
    keyEnvironment: isProduction(stage) ? 'live' : 'test',
  };
}

/** The stage-derived part of every function's environment (resource names are added in stacks/). */
export function stageEnvironment(settings: StageSettings): Record<string, string> {
  return {
    KEY_ENVIRONMENT: settings.keyEnvironment,
    ERROR_STYLE: settings.errorStyle,
    SCHEMA_ENABLED: String(settings.schemaEnabled),
    SEARCH_PROVIDERS: settings.searchProviders,
    SEARXNG_URL: settings.searxngUrl,
    STRIPE_PRICES: settings.stripePrices,
    // The SSRF guard stays on in every deployed stage; only local development turns it off.
    ALLOW_PRIVATE_TARGETS: 'false',
  };
}
