import { BILLING_FACTORS, type BillingRecord } from './factors';

/**
 * The fixed credit charge of one POST /v1/schema request, taken from the plan's monthly credits
 * at admission (spec: billing is dual, credits plus the page bandwidth).
 */
export const SCHEMA_CREDIT_COST = 1;

/**
 * The fixed credit charge of one POST /v1/search request (the provider's query), taken from the
 * plan's monthly credits at admission; scrapes of its results are billed as scrapes beside it.
 */
export const SEARCH_CREDIT_COST = 1;

/** What a schema extraction bills besides its credits: the page bandwidth, as in scrape. */
export function schemaBilling(
  capture: { wireBytes: number; status: number },
  cacheHit: boolean,
): BillingRecord {
  return {
    endpoint: '/v1/schema',
    wireBytes: capture.wireBytes,
    factor: BILLING_FACTORS.schema,
    cacheHit,
    upstreamStatus: capture.status,
    // The capture ran: a failed extraction keeps this bandwidth and refunds the credits.
    scrapeRan: true,
  };
}
