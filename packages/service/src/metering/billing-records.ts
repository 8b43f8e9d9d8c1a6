import { BILLING_FACTORS, type BillingKind, type BillingRecord } from './factors';

export type BilledWorkKind = 'scrape' | 'fetch' | 'screenshot' | 'schema' | 'sitemap' | 'recording';

interface WorkPricing {
  /** The usage rows' endpoint of the kind's own route. */
  endpoint: string;
  factor: BillingKind;
  /** Where converting to markdown costs more (spec: 1.5). */
  markdownFactor?: BillingKind;
}

const PRICING: Record<BilledWorkKind, WorkPricing> = {
  scrape: { endpoint: '/v1/scrape', factor: 'scrape', markdownFactor: 'scrape.markdown' },
  fetch: { endpoint: '/v1/fetch', factor: 'fetch', markdownFactor: 'fetch.markdown' },
  screenshot: { endpoint: '/v1/screenshots', factor: 'screenshot' },
  schema: { endpoint: '/v1/schema', factor: 'schema' },
  sitemap: { endpoint: '/v1/sitemap', factor: 'sitemap' },
  recording: { endpoint: '/v1/recordings', factor: 'recording' },
};

export interface BilledWork {
  kind: BilledWorkKind;
  /** content_length: what the capture moved over the wire. */
  wireBytes: number;
  /**
   * Markdown among the outputs (scrape, fetch): billed at the kind's markdown factor, on usage
   * rows of their own (`/v1/scrape (markdown)`).
   */
  markdown?: boolean;
  /** The route the work came through when not the kind's own (bulk items: `/v1/scrape/bulk`). */
  endpoint?: string;
  /** Served from the cache: settle bills it at the cache-hit factor. */
  cacheHit?: boolean;
  /** The origin's HTTP status, for the charged exceptions (chargeOnFailure). */
  upstreamStatus?: number;
}

/**
 * The one place a BillingRecord is built, for every kind of work (scrape, fetch, screenshot,
 * schema; single requests, queued jobs and bulk items alike), so the factor, the usage row's
 * endpoint and the charged-exception flags cannot drift apart between callers.
 */
export function billingRecord(work: BilledWork): BillingRecord {
  const pricing = PRICING[work.kind];
  const markdownFactor = work.markdown ? pricing.markdownFactor : undefined;
  const endpoint = work.endpoint ?? pricing.endpoint;
  return {
    endpoint: markdownFactor ? `${endpoint} (markdown)` : endpoint,
    wireBytes: work.wireBytes,
    factor: BILLING_FACTORS[markdownFactor ?? pricing.factor],
    ...(work.cacheHit === undefined ? {} : { cacheHit: work.cacheHit }),
    ...(work.upstreamStatus === undefined ? {} : { upstreamStatus: work.upstreamStatus }),
    // A schema extraction whose capture ran keeps this bandwidth when the extraction fails, and refunds its credits.
    ...(work.kind === 'schema' ? { scrapeRan: true } : {}),
  };
}

/**
 * A web search's own record: no bandwidth (its credits are taken at admission), with the scrapes
 * of its results as parts on usage rows of their own.
 */
export function searchBillingRecord(scrapes: BillingRecord[]): BillingRecord {
  return { endpoint: '/v1/search', wireBytes: 0, factor: 1, parts: scrapes };
}
