import { checkSearchConfigured, runWebSearch, searchCaptures } from '@webcapture/scraping';
import type { CaptureRouteInput, RouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import { type searchBody, webSearchOptions } from '../schemas/search';

/**
 * POST /v1/search: the validated request in the pipeline's terms (its deadline counts from the
 * request's arrival at the gateway), runWebSearch, the answer.
 */
export async function answerSearch({
  body,
  principal,
  event,
  meter,
  captureBudgetMs,
}: CaptureRouteInput<typeof searchBody> &
  Pick<RouteInput<typeof searchBody, never>, 'event'>): Promise<HttpResponse> {
  if (body.source === 'captures') {
    const { accountId } = principal;
    const { query, limit, site: sites, time_range: timeRange } = body;
    return jsonResponse(200, await searchCaptures({ accountId, query, limit, sites, timeRange }, meter));
  }
  const options = webSearchOptions(body, event.requestContext.timeEpoch, captureBudgetMs(body.timeout_ms));
  return jsonResponse(200, await runWebSearch(options, meter));
}

/**
 * Before validation: 503 when no web search provider is configured — unless the request searches
 * the account's captures, which needs none.
 */
export function searchPrecheck(input: unknown): void {
  const source = input && typeof input === 'object' ? (input as { source?: unknown }).source : undefined;
  if (source !== 'captures') checkSearchConfigured();
}
