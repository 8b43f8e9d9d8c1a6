import { siteMap } from '@webcapture/scraping';
import { BILLING_FACTORS } from '@webcapture/service';
import { type HttpResponse, jsonResponse } from './envelope';
import { recordBilling } from './middleware/admission';
import type { ApiEvent } from './request';
import type { SitemapRequest } from './schemas/sitemap';

/** POST /v1/sitemap, synchronous: map, bill one request plus the sitemaps' wire bytes, answer. */
export async function sitemapCapture(
  request: SitemapRequest,
  event: ApiEvent,
  budgetMs: number,
): Promise<HttpResponse> {
  const { answer, billedBytes } = await siteMap({
    url: request.url,
    limit: request.limit,
    search: request.search,
    includeSubdomains: request.include_subdomains,
    ignoreQueryParams: request.ignore_query_params,
    sources: request.sources,
    timeBudgetMs: budgetMs,
  });
  recordBilling(event, { endpoint: '/v1/sitemap', wireBytes: billedBytes, factor: BILLING_FACTORS.sitemap });
  return jsonResponse(200, answer);
}
