import { ApiError } from '@webcapture/errors';
import { replayScrape, scrapeCapture } from '@webcapture/scraping';
import { getScrape, type Principal } from '@webcapture/service';
import type { CaptureRouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import { type scrapeBody, scrapeRequestFields } from '../schemas/scrape';
import { acceptedResponse } from './accepted';
import { envelopeWithContentUrl, fitsInline } from './large-result';

/**
 * POST /v1/scrape: scrapeCapture, then 200 with the envelope (a content_url to it when too large
 * to answer inline: it is stored either way, and billed before this), or 202 for a queued job; with
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
    return jsonResponse(200, inlineOrContentUrl(envelope, principal), { 'x-cache': 'replay' });
  }
  const request = scrapeRequestFields(body);
  const outcome = await scrapeCapture(
    { accountId: principal.accountId, request, timeoutMs: captureBudgetMs(request.timeout_ms) },
    meter,
  );
  if ('queued' in outcome) return acceptedResponse(outcome.queued, 'queued', '/v1/scrape');
  return jsonResponse(200, inlineOrContentUrl(outcome.completed, principal), {
    'x-cache': outcome.cache,
  });
}

/** A stored envelope as answered: inline, or a content_url to it when over the inline limit. */
function inlineOrContentUrl<E extends { scrapeId: string }>(envelope: E, principal: Principal) {
  return fitsInline(envelope)
    ? envelope
    : envelopeWithContentUrl(envelope, principal.accountId, envelope.scrapeId);
}

/** GET /v1/scrape/{id}: the record, with its result inline or, when too large, as a content_url. */
export async function answerScrapeGet({
  params,
  principal,
}: {
  params: Record<string, string>;
  principal: Principal;
}): Promise<HttpResponse> {
  const id = params.id as string;
  const scrape = await getScrape(principal.accountId, id);
  if (!scrape) throw new ApiError('not_found', `No scrape ${id} on this account.`);
  if (scrape.result === undefined || fitsInline(scrape)) return jsonResponse(200, scrape);
  return jsonResponse(200, {
    ...scrape,
    result: envelopeWithContentUrl(scrape.result, principal.accountId, id),
  });
}
