import { BILLING_FACTORS, type BillingRecord } from '@webcapture/service';
import type { CacheStatus } from './obtain-capture';

/** What a scrape bills: its wire bytes, at 1.5 when markdown is among the formats. */
export function scrapeBilling(
  request: { formats: readonly string[] },
  envelope: { contentLength: number; statusCode: number },
  cache: CacheStatus,
): BillingRecord {
  const markdown = request.formats.includes('markdown');
  return {
    endpoint: markdown ? '/v1/scrape (markdown)' : '/v1/scrape',
    wireBytes: envelope.contentLength,
    factor: BILLING_FACTORS[markdown ? 'scrape.markdown' : 'scrape'],
    cacheHit: cache === 'hit',
    upstreamStatus: envelope.statusCode,
  };
}
