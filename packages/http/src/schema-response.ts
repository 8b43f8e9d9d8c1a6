import { captureForSchema, schemaAnswer } from '@webcapture/scraping';
import { billingRecord, newId } from '@webcapture/service';
import { type HttpResponse, jsonResponse } from './envelope';
import { recordBilling } from './middleware/admission';
import type { ApiEvent } from './request';
import { type SchemaExtractRequest, schemaExtractOptions } from './schemas/schema-extract';

/**
 * POST /v1/schema: capture (cache shared with scrape and fetch), bill the page bandwidth, then
 * extract. A failed extraction throws 422 after billing, so its credits are refunded and the
 * bandwidth stays (spec, Quota accounting 4); a capture that never ran bills nothing.
 */
export async function schemaCapture(
  request: SchemaExtractRequest,
  event: ApiEvent,
  timeoutMs: number,
): Promise<HttpResponse> {
  const options = { ...schemaExtractOptions(request), timeoutMs };
  const obtained = await captureForSchema(options);
  recordBilling(
    event,
    billingRecord({
      kind: 'schema',
      wireBytes: obtained.capture.wireBytes,
      cacheHit: obtained.cache === 'hit',
      upstreamStatus: obtained.capture.status,
    }),
  );
  return jsonResponse(200, schemaAnswer(obtained, options, newId('sx')), { 'x-cache': obtained.cache });
}
