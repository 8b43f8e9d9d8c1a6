/**
 * Bandwidth is billed as wire bytes × an endpoint factor (spec, Quota accounting). The factor
 * prices the work done on top of moving the bytes: conversion to markdown costs more than
 * passing the origin's bytes through; a cache hit costs less, since nothing reached the origin.
 */
export const BILLING_FACTORS = {
  /** POST /v1/scrape with markdown among the formats (spec: 1.5). */
  'scrape.markdown': 1.5,
  /** POST /v1/scrape with rawHtml, html, links or images only. */
  scrape: 1.0,
  /** POST /v1/fetch with format markdown (spec: 1.5). */
  'fetch.markdown': 1.5,
  /** POST|GET /v1/fetch returning the upstream bytes or html. */
  fetch: 1.0,
  /** Screenshots: the page's wire bytes, like a scrape; the image itself is not billed. */
  screenshot: 1.0,
  /** Schema extraction's page bandwidth, billed as in scrape; its credits are separate. */
  schema: 1.0,
  /** POST /v1/sitemap: the sitemaps read (the pages themselves are never fetched). */
  sitemap: 1.0,
  /**
   * A recording's storage: the WACZ bytes written, billed once when it is made (README, Recording:
   * billing). Below 1 because storing costs less than fetching from an origin.
   */
  recording: 0.5,
  /** Any response served from the cache, whatever the endpoint. */
  cache_hit: 0.25,
} as const;

export type BillingKind = keyof typeof BILLING_FACTORS;

export const CACHE_HIT_FACTOR = BILLING_FACTORS.cache_hit;

/** Billable bytes: rounded up, so a non-empty response never bills 0. */
export function billableBytes(wireBytes: number, factor: number): number {
  if (!(wireBytes > 0) || !(factor > 0)) return 0;
  return Math.ceil(wireBytes * factor - 1e-9);
}

/** What a handler reports for billing; settle turns it into the quota charge and a usage row. */
export interface BillingRecord {
  /** The usage row's endpoint (e.g. `/v1/scrape`); defaults to the admission's endpoint. */
  endpoint?: string;
  /** content_length: compressed wire bytes as sent by the origin. */
  wireBytes: number;
  factor: number;
  /** Served from the cache: billed at CACHE_HIT_FACTOR whatever factor says. */
  cacheHit?: boolean;
  /** The origin's HTTP status, when the capture got one. */
  upstreamStatus?: number;
  /**
   * Schema extraction (a later issue): whether the scrape itself ran. A failed extraction whose
   * scrape ran keeps its bandwidth and refunds its credits; when the scrape never ran, both go.
   */
  scrapeRan?: boolean;
  /**
   * Work the request ran beside its own, each on its own usage row (a search's scrapes of its
   * results): billed with it in the same settlement, one request each. A part's endpoint is never
   * the request's own (one transaction cannot write a usage row twice).
   */
  parts?: BillingRecord[];
}

export interface FailureCharge {
  /** Keep the bandwidth charge of the record although the request failed. */
  bandwidth: boolean;
  /** Keep the pre-charged credits. */
  credits: boolean;
}

/**
 * The spec's charged exceptions (Quota accounting, step 4). Everything else that fails
 * terminally is rolled back and costs nothing.
 */
export function chargeOnFailure(record: BillingRecord | undefined, creditCost: number): FailureCharge {
  if (!record) return { bandwidth: false, credits: false };
  const upstreamFailed =
    record.upstreamStatus !== undefined && (record.upstreamStatus < 200 || record.upstreamStatus > 299);
  // A fetch answered from the cache with a non-2xx upstream status: billed at the cache-hit rate.
  if (record.cacheHit && upstreamFailed) return { bandwidth: true, credits: false };
  // Schema extraction hook: the page bandwidth stays charged once the scrape ran; credits are refunded.
  if (creditCost > 0 && record.scrapeRan === true) return { bandwidth: true, credits: false };
  return { bandwidth: false, credits: false };
}

/** The factor a record is billed at. */
export function effectiveFactor(record: BillingRecord): number {
  return record.cacheHit ? CACHE_HIT_FACTOR : record.factor;
}
