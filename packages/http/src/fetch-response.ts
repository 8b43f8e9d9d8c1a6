import { parseTargetUrl } from '@webcapture/capture';
import { isApiError } from '@webcapture/errors';
import {
  captureForFetch,
  type FetchContent,
  fetchContent,
  type ObtainedCapture,
  reportedContentType,
} from '@webcapture/scraping';
import { billingRecord, newId } from '@webcapture/service';
import type { HttpResponse } from './envelope';
import { recordBilling } from './middleware/admission';
import type { ApiEvent } from './request';
import { type FetchRequest, fetchOptions, SCRAPE_ONLY_FIELDS } from './schemas/fetch';
import { checkUrlFields, refuseFields } from './schemas/url-fields';

/**
 * The X-Fetch-* headers: everything a client needs to know about the capture, since the body is
 * the origin's bytes. Documented in the README ("Fetch response headers").
 */
export function fetchHeaders(
  id: string,
  request: Pick<FetchRequest, 'url' | 'custom'>,
  { capture, cache }: ObtainedCapture,
): Record<string, string> {
  return {
    'x-fetch-id': id,
    // The parsed href (percent-encoded, punycode host): a header carries ASCII, a caller's URL may not.
    'x-fetch-url': parseTargetUrl(request.url).href,
    'x-fetch-final-url': capture.finalUrl,
    'x-fetch-status': String(capture.status),
    'x-fetch-content-type': reportedContentType(capture),
    'x-fetch-content-length': String(capture.wireBytes),
    'x-fetch-retrieved-at': capture.retrievedAt,
    'x-fetch-redirects': String(capture.redirects.length),
    'x-fetch-cache': cache,
    'x-fetch-custom': Buffer.from(JSON.stringify(request.custom)).toString('base64'),
  };
}

function fetchResponse(headers: Record<string, string>, content: FetchContent): HttpResponse {
  const withType = { 'content-type': content.contentType, ...headers };
  if (typeof content.body === 'string') return { statusCode: 200, headers: withType, body: content.body };
  return {
    statusCode: 200,
    headers: withType,
    body: Buffer.from(content.body).toString('base64'),
    isBase64Encoded: true,
  };
}

/** Both fetch routes: scrape-only options are a 400 before anything else, then the URL checks. */
export async function fetchPrecheck(input: unknown): Promise<void> {
  refuseFields(input, SCRAPE_ONLY_FIELDS, 'rendering and scrape options are served by POST /v1/scrape');
  await checkUrlFields(input);
}

/**
 * Capture, bill, then answer: billed before the answer is built, because a cached non-2xx answer
 * stays charged (spec); every other failure below rolls the charge back in the admission middleware.
 */
export async function fetchCapture(
  request: FetchRequest,
  event: ApiEvent,
  timeoutMs: number,
): Promise<HttpResponse> {
  const options = { ...fetchOptions(request), timeoutMs };
  const obtained = await captureForFetch(options);
  recordBilling(
    event,
    billingRecord({
      kind: 'fetch',
      markdown: request.format === 'markdown',
      wireBytes: obtained.capture.wireBytes,
      cacheHit: obtained.cache === 'hit',
      upstreamStatus: obtained.capture.status,
    }),
  );
  const headers = fetchHeaders(newId('sc'), request, obtained);
  try {
    return fetchResponse(headers, fetchContent(obtained, options));
  } catch (error) {
    // An error about the capture (upstream_error …) carries the same X-Fetch-* description.
    throw isApiError(error) ? error.withHeaders(headers) : error;
  }
}
