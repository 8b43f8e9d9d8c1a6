import { replayScrape, scrapeCapture } from '@webcapture/scraping';
import type { CaptureRouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import { type scrapeBody, scrapeRequestFields } from '../schemas/scrape';
import { acceptedResponse } from './accepted';

/**
 * POST /v1/scrape: scrapeCapture, then 200 with the envelope, or 202 for a queued job; with
 * recording_id instead of url, the replay of that recording (200).
 */
export async function answerScrape({
  body,
  principal,
  meter,
  captureBudgetMs,
}: CaptureRouteInput<typeof scrapeBody>): Promise<HttpResponse> {
  if (body.recording_id !== undefined) {
    const { recording_id: recordingId, url: _none, ...request } = body;
    const envelope = await replayScrape({ accountId: principal.accountId, recordingId, request }, meter);
    return jsonResponse(200, envelope, { 'x-cache': 'replay' });
  }
  const request = scrapeRequestFields(body);
  const outcome = await scrapeCapture(
    { accountId: principal.accountId, request, timeoutMs: captureBudgetMs(request.timeout_ms) },
    meter,
  );
  if ('queued' in outcome) return acceptedResponse(outcome.queued, 'queued', '/v1/scrape');
  return jsonResponse(200, outcome.completed, { 'x-cache': outcome.cache });
}
