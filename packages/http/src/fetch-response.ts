import { parseTargetUrl } from '@webcapture/capture';
import { type FetchOutcome, fetchUpstream } from '@webcapture/scraping';
import { BILLING_FACTORS, newId } from '@webcapture/service';
import type { HttpResponse } from './envelope';
import { recordBilling } from './middleware/admission';
import type { ApiEvent } from './request';
import { type FetchRequest, fetchOptions, SCRAPE_ONLY_FIELDS } from './schemas/fetch';
import { checkUrlFields, refuseFields } from './schemas/url-fields';

/**
 * The X-Fetch-* headers: everything a client needs to know about the capture, since the body is
 * the origin's bytes. Documented in the README ("Fetch response headers").
 */
export function fetchResponse(
  id: string,
  requestedUrl: string,
  outcome: FetchOutcome,
  custom: object,
): HttpResponse {
  const { capture } = outcome;
  const headers: Record<string, string> = {
    'content-type': outcome.contentType,
    'x-fetch-id': id,
    // The parsed href (percent-encoded, punycode host): a header carries ASCII, a caller's URL may not.
    'x-fetch-url': parseTargetUrl(requestedUrl).href,
    'x-fetch-final-url': capture.finalUrl,
    'x-fetch-status': String(capture.status),
    'x-fetch-content-type': capture.contentType ?? '',
    'x-fetch-content-length': String(capture.wireBytes),
    'x-fetch-retrieved-at': capture.retrievedAt,
    'x-fetch-redirects': String(capture.redirects.length),
    'x-fetch-cache': outcome.cache,
    'x-fetch-custom': Buffer.from(JSON.stringify(custom)).toString('base64'),
  };
  if (typeof outcome.body === 'string') return { statusCode: 200, headers, body: outcome.body };
  return {
    statusCode: 200,
    headers,
    body: Buffer.from(outcome.body).toString('base64'),
    isBase64Encoded: true,
  };
}

/** Both fetch routes: scrape-only options are a 400 before anything else, then the URL checks. */
export function fetchPrecheck(input: unknown): void {
  refuseFields(input, SCRAPE_ONLY_FIELDS, 'rendering and scrape options are served by POST /v1/scrape');
  checkUrlFields(input);
}

export async function fetchCapture(
  request: FetchRequest,
  event: ApiEvent,
  timeoutMs: number,
): Promise<HttpResponse> {
  const outcome = await fetchUpstream({ ...fetchOptions(request), timeoutMs }, (capture, cache) =>
    recordBilling(event, {
      endpoint: request.format === 'markdown' ? '/v1/fetch (markdown)' : '/v1/fetch',
      wireBytes: capture.wireBytes,
      factor: BILLING_FACTORS[request.format === 'markdown' ? 'fetch.markdown' : 'fetch'],
      cacheHit: cache === 'hit',
      upstreamStatus: capture.status,
    }),
  );
  return fetchResponse(newId('sc'), request.url, outcome, request.custom);
}
