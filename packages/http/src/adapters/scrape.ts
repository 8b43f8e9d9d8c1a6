import { scrapeCapture } from '@webcapture/scraping';
import type { CaptureRouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import type { scrapeBody } from '../schemas/scrape';
import { acceptedResponse } from './accepted';

/** POST /v1/scrape: scrapeCapture, then 200 with the envelope, or 202 for a queued job. */
export async function answerScrape({
  body,
  principal,
  meter,
  captureBudgetMs,
  event,
}: CaptureRouteInput<typeof scrapeBody>): Promise<HttpResponse> {
  const outcome = await scrapeCapture(
    { accountId: principal.accountId, request: body, timeoutMs: captureBudgetMs(body.timeout_ms) },
    meter,
  );
  if ('queued' in outcome) return acceptedResponse(outcome.queued, 'queued', '/v1/scrape', event);
  return jsonResponse(200, outcome.completed, { 'x-cache': outcome.cache });
}
