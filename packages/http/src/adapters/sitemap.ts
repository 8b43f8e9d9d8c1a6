import { siteMap } from '@webcapture/scraping';
import { billingRecord } from '@webcapture/service';
import type { CaptureRouteInput } from '../api';
import { type HttpResponse, jsonResponse } from '../envelope';
import type { sitemapBody } from '../schemas/sitemap';

/** POST /v1/sitemap, synchronous: map, bill one request plus the sitemaps' wire bytes, answer. */
export async function answerSitemap({
  body,
  meter,
  captureBudgetMs,
}: CaptureRouteInput<typeof sitemapBody>): Promise<HttpResponse> {
  const { answer, billedBytes } = await siteMap({
    url: body.url,
    limit: body.limit,
    search: body.search,
    includeSubdomains: body.include_subdomains,
    ignoreQueryParams: body.ignore_query_params,
    sources: body.sources,
    timeBudgetMs: captureBudgetMs(body.time_budget_ms),
  });
  meter.bill(billingRecord({ kind: 'sitemap', wireBytes: billedBytes }));
  return jsonResponse(200, answer);
}
