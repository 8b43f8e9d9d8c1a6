import { type FetchAnswer, fetchCapture } from '@webcapture/scraping';
import type { CaptureRouteInput } from '../api';
import type { HttpResponse } from '../envelope';
import { type fetchBody, fetchOptions, SCRAPE_ONLY_FIELDS } from '../schemas/fetch';
import { checkUrlFields, refuseFields } from '../schemas/url-fields';

/** Both fetch routes: scrape-only options are a 400 before anything else, then the URL checks. */
export async function fetchPrecheck(input: unknown): Promise<void> {
  refuseFields(input, SCRAPE_ONLY_FIELDS, 'rendering and scrape options are served by POST /v1/scrape');
  await checkUrlFields(input);
}

/** The origin's bytes (base64 when binary) under their media type, with the X-Fetch-* headers. */
function fetchResponse({ headers, content }: FetchAnswer): HttpResponse {
  const withType = { 'content-type': content.contentType, ...headers };
  if (typeof content.body === 'string') return { statusCode: 200, headers: withType, body: content.body };
  return {
    statusCode: 200,
    headers: withType,
    body: Buffer.from(content.body).toString('base64'),
    isBase64Encoded: true,
  };
}

/** POST and GET /v1/fetch: the validated request in the pipeline's terms, fetchCapture, the answer. */
export async function answerFetch({
  body,
  meter,
  captureBudgetMs,
}: CaptureRouteInput<typeof fetchBody>): Promise<HttpResponse> {
  const request = { ...fetchOptions(body), custom: body.custom, timeoutMs: captureBudgetMs(body.timeout_ms) };
  return fetchResponse(await fetchCapture(request, meter));
}
