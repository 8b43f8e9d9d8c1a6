/*
 * POST /v1/screenshots: a separate entry point (`@webcapture/http/screenshots`), since the use
 * case takes screenshots in Chromium and only functions that render may bundle it.
 */
import { holdOrHandOverScreenshot, SCREENSHOT_ENDPOINT } from '@webcapture/scraping/screenshots';
import { screenshotHoldMs } from '@webcapture/service';
import type { RouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import { type screenshotBody, screenshotJob, type screenshotQuery } from '../schemas/screenshots';
import { acceptedResponse } from './accepted';

/**
 * The call is held up to SCREENSHOT_HOLD_MS (28 s, the spec's limit) within the function's time:
 * 200 with the record when the screenshot is done by then, else 202 with the id (`?async=true`: at once).
 */
export async function answerScreenshot({
  body,
  query,
  principal,
  meter,
  captureBudgetMs,
}: Omit<RouteInput<typeof screenshotBody, typeof screenshotQuery>, 'params'>): Promise<HttpResponse> {
  const outcome = await holdOrHandOverScreenshot(
    {
      accountId: principal.accountId,
      job: screenshotJob(body),
      handOverAtOnce: query.async,
      holdMs: captureBudgetMs(screenshotHoldMs()),
    },
    meter,
  );
  if ('pending' in outcome) return acceptedResponse(outcome.pending, 'pending', SCREENSHOT_ENDPOINT);
  return jsonResponse(200, outcome.completed);
}
