import { parseTargetUrl } from '@webcapture/capture';
import { isApiError } from '@webcapture/errors';
import { billingRecord, newId } from '@webcapture/service';
import type { ObtainedCapture } from '../obtain-capture';
import { reportedContentType } from '../page-content';
import type { RequestMeter } from '../request-meter';
import { captureForFetch, type FetchContent, type FetchOptions, fetchContent } from './fetch-content';

/** A fetch as its use case takes it: the pipeline's options and the caller's custom payload. */
export interface FetchCaptureRequest extends FetchOptions {
  custom: Record<string, unknown>;
}

/** What a fetch answers: the X-Fetch-* description of the capture, and the body. */
export interface FetchAnswer {
  headers: Record<string, string>;
  content: FetchContent;
}

/**
 * The X-Fetch-* headers: everything a client needs to know about the capture, since the body is
 * the origin's bytes. Documented in the README ("Fetch response headers").
 */
export function fetchHeaders(
  id: string,
  request: Pick<FetchCaptureRequest, 'url' | 'custom'>,
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

/**
 * POST and GET /v1/fetch: capture, bill, then answer. Billed before the answer is built, because a
 * cached non-2xx answer stays charged (spec); every other failure below rolls the charge back.
 */
export async function fetchCapture(request: FetchCaptureRequest, meter: RequestMeter): Promise<FetchAnswer> {
  const obtained = await captureForFetch(request);
  meter.bill(
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
    return { headers, content: fetchContent(obtained, request) };
  } catch (error) {
    // An error about the capture (upstream_error …) carries the same X-Fetch-* description.
    throw isApiError(error) ? error.withHeaders(headers) : error;
  }
}
