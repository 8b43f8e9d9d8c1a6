import { ApiError } from '@webcapture/errors';
import { queueSiteMap, siteMap, siteMapRequestOf } from '@webcapture/scraping';
import { billingRecord, getSitemapJob } from '@webcapture/service';
import type { CaptureRouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import type { sitemapBody } from '../schemas/sitemap';
import { acceptedResponse } from './accepted';

/**
 * POST /v1/sitemap: with webhook_url the map is queued as a job (202, its admission handed to the
 * job); otherwise mapped now, billed one request plus the sitemaps' wire bytes, answered.
 */
export async function answerSitemap({
  body,
  principal,
  meter,
  captureBudgetMs,
}: CaptureRouteInput<typeof sitemapBody>): Promise<HttpResponse> {
  if (body.webhook_url !== undefined) {
    const queued = await queueSiteMap({ accountId: principal.accountId, request: body }, meter);
    return acceptedResponse(queued, 'queued', '/v1/sitemap');
  }
  const request = siteMapRequestOf(body, captureBudgetMs(body.time_budget_ms));
  const { answer, billedBytes } = await siteMap(request);
  meter.bill(billingRecord({ kind: 'sitemap', wireBytes: billedBytes }));
  return jsonResponse(200, answer);
}

/** GET /v1/sitemap/{id}: the caller's own job; content_url signed now, valid 600 s. */
export async function answerSitemapJob(accountId: string, id: string): Promise<HttpResponse> {
  const job = await getSitemapJob(accountId, id);
  if (!job) throw new ApiError('not_found', `No sitemap job ${id} on this account.`);
  return jsonResponse(200, job);
}
