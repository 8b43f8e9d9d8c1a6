import { type BillingRecord, billingRecord } from '@webcapture/service';
import type { CacheStatus } from './obtain-capture';

/** What a scrape bills: its wire bytes, at 1.5 when markdown is among the formats. */
export function scrapeBilling(
  request: { formats: readonly string[] },
  envelope: { contentLength: number; statusCode: number },
  cache: CacheStatus,
): BillingRecord {
  return billingRecord({
    kind: 'scrape',
    markdown: request.formats.includes('markdown'),
    wireBytes: envelope.contentLength,
    cacheHit: cache === 'hit',
    upstreamStatus: envelope.statusCode,
  });
}
