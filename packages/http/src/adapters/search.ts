import { runWebSearch } from '@webcapture/scraping';
import type { CaptureRouteInput, RouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import { type searchBody, webSearchOptions } from '../schemas/search';

/**
 * POST /v1/search: the validated request in the pipeline's terms (its deadline counts from the
 * request's arrival at the gateway), runWebSearch, the answer.
 */
export async function answerSearch({
  body,
  event,
  meter,
  captureBudgetMs,
}: CaptureRouteInput<typeof searchBody> &
  Pick<RouteInput<typeof searchBody, never>, 'event'>): Promise<HttpResponse> {
  const options = webSearchOptions(body, event.requestContext.timeEpoch, captureBudgetMs(body.timeout_ms));
  return jsonResponse(200, await runWebSearch(options, meter));
}
