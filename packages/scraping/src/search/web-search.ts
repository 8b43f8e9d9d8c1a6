import { configuredChain, type ProviderName, type SearchQuery } from '@webcapture/search';
import { searchBillingRecord } from '@webcapture/service';
import type { RequestMeter } from '../request-meter';
import { type ResultScrapeFields, type ScrapedHit, scrapeResults } from './result-scrapes';

export interface WebSearchOptions {
  query: SearchQuery;
  /** Scrape every result with these fields; absent: search only. */
  scrape?: ResultScrapeFields;
  /** Epoch ms the answer is due (timeout_ms from the request's start, as far as the platform allows). */
  deadline: number;
}

export interface WebSearchAnswer {
  results: ScrapedHit[];
  provider: ProviderName;
  partial: boolean;
}

/**
 * POST /v1/search: the configured providers in fallback order (see @webcapture/search), then,
 * when asked, every result scraped in parallel by the deadline. Always answers by the deadline:
 * what could not be scraped in time keeps its search fields plus an error, and `partial` is true.
 */
export async function runWebSearch(options: WebSearchOptions, meter: RequestMeter): Promise<WebSearchAnswer> {
  const found = await configuredChain().search(options.query, options.deadline);
  const scraped = options.scrape
    ? await scrapeResults(found.results, options.scrape, options.query.country ?? 'US', options.deadline)
    : { results: found.results, partial: false, billing: [] };
  meter.bill(searchBillingRecord(scraped.billing));
  return { results: scraped.results, provider: found.provider, partial: scraped.partial };
}

/** 503 service_unavailable, naming the variable to set, when this deployment has no search provider. */
export function checkSearchConfigured(): void {
  configuredChain();
}
