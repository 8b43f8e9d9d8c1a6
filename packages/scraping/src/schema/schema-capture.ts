import { billingRecord, newId } from '@webcapture/service';
import type { CacheStatus } from '../obtain-capture';
import type { RequestMeter } from '../request-meter';
import { captureForSchema, type SchemaExtractionOptions, schemaAnswer } from './schema-extraction';

/**
 * POST /v1/schema: capture (cache shared with scrape and fetch), bill the page bandwidth, then
 * extract. A failed extraction throws 422 after billing, so its credits are refunded and the
 * bandwidth stays (spec, Quota accounting 4); a capture that never ran bills nothing.
 */
export async function schemaCapture(
  options: SchemaExtractionOptions,
  meter: RequestMeter,
): Promise<{ answer: ReturnType<typeof schemaAnswer>; cache: CacheStatus }> {
  const obtained = await captureForSchema(options);
  meter.bill(
    billingRecord({
      kind: 'schema',
      wireBytes: obtained.capture.wireBytes,
      cacheHit: obtained.cache === 'hit',
      upstreamStatus: obtained.capture.status,
    }),
  );
  return { answer: schemaAnswer(obtained, options, newId('sx')), cache: obtained.cache };
}
