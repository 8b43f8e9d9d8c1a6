import { parseTargetUrl } from '@webcapture/capture';
import { ApiError, invalidField } from '@webcapture/errors';
import { normalizeUrl } from '@webcapture/scraping';
import {
  accountLimits,
  type CrawlItemStatus,
  type CrawlOptions,
  type CrawlStatus,
  cancelCrawl,
  createCrawl,
  featureEnabled,
  getCrawl,
  listCrawlItems,
  listCrawls,
  type Principal,
  publicUrl,
  resolveCrawlSince,
  signedContentUrl,
} from '@webcapture/service';
import { type HttpResponse, jsonResponse } from '../envelope';
import type { ApiEvent } from '../request';
import { type CrawlRequest, crawlLimitOfPlan } from '../schemas/crawl';

const notFound = (id: string) => new ApiError('not_found', `No crawl ${id} on this account.`);

/**
 * POST /v1/crawl: checks what the schema cannot (the plan's page cap, the deployment's robots
 * rule), records the crawl and queues its start URL: 202 with the crawl and where to poll it.
 */
export async function submitCrawl(
  body: CrawlRequest,
  principal: Principal,
  _event: ApiEvent,
): Promise<HttpResponse> {
  const { concurrency } = await accountLimits(principal.accountId);
  const planLimit = crawlLimitOfPlan(concurrency);
  if (body.limit > planLimit) {
    throw invalidField(`limit is above this plan's ${planLimit} pages per crawl.`, {
      field: 'limit',
      reason: 'above_plan_limit',
      plan_limit: planLimit,
    });
  }
  // CRAWL_ROBOTS_REQUIRED: a deployment may forbid crawling against robots.txt.
  if (!body.respect_robots && featureEnabled('CRAWL_ROBOTS_REQUIRED')) {
    throw invalidField('respect_robots cannot be false on this deployment.', {
      field: 'respect_robots',
      reason: 'robots_required',
    });
  }
  const { url, limit, max_depth, include_paths, exclude_paths, webhook_url, events, custom, since, ...rest } =
    body;
  // Another account's crawl id is absent from the caller's partition: 404, as an unknown one.
  const resolvedSince = since ? await resolveCrawlSince(principal.accountId, since) : undefined;
  if (since && !resolvedSince) throw notFound(since);
  const {
    allow_subdomains,
    allow_external,
    sitemap,
    ignore_query_params,
    respect_robots,
    delay_ms,
    max_concurrency,
    deduplicate,
    max_urls_per_pattern,
    rendering,
    ...scrape
  } = rest;
  const options: CrawlOptions = {
    // The frontier's own spelling, so a link back to the start URL is recognised as it.
    url: normalizeUrl(url, { ignoreQueryParams: ignore_query_params }) ?? parseTargetUrl(url).href,
    limit,
    max_depth,
    include_paths,
    exclude_paths,
    allow_subdomains,
    allow_external,
    sitemap,
    ignore_query_params,
    respect_robots,
    delay_ms,
    max_concurrency,
    deduplicate,
    max_urls_per_pattern,
    scrape: { ...scrape, custom },
    ...(rendering ? { rendering } : {}),
    ...(resolvedSince ? { since: resolvedSince } : {}),
  };
  const crawl = await createCrawl({
    accountId: principal.accountId,
    options,
    webhook: webhook_url ? { url: webhook_url, events } : null,
    custom,
  });
  return jsonResponse(202, { ...crawl, poll_url: publicUrl(`/v1/crawl/${crawl.id}`) });
}

/** GET /v1/crawl/{id}: the crawl and a page of its URLs, completed ones with a signed content_url. */
export async function readCrawl(
  principal: Principal,
  id: string,
  query: { limit: number; cursor?: string; status?: string },
): Promise<HttpResponse> {
  const crawl = await getCrawl(principal.accountId, id);
  if (!crawl) throw notFound(id);
  const page = await listCrawlItems(id, { ...query, status: query.status as CrawlItemStatus | undefined });
  const items = page.data.map(({ resultKey, ...item }) => ({
    ...item,
    content_url: resultKey ? signedContentUrl(principal.accountId, resultKey) : null,
  }));
  return jsonResponse(200, { ...crawl, items, next_cursor: page.next_cursor });
}

/** GET /v1/crawl: the caller's crawls, newest first. */
export async function listCallerCrawls(
  principal: Principal,
  query: { limit: number; cursor?: string; status?: string },
): Promise<HttpResponse> {
  const status = query.status as CrawlStatus | undefined;
  return jsonResponse(200, await listCrawls(principal.accountId, { ...query, status }));
}

/** DELETE /v1/crawl/{id}: cancelled (an ended crawl is returned unchanged). */
export async function cancelCallerCrawl(principal: Principal, id: string): Promise<HttpResponse> {
  const crawl = await cancelCrawl(principal.accountId, id);
  if (!crawl) throw notFound(id);
  return jsonResponse(200, crawl);
}
