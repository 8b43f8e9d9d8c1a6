import { ApiError, isApiError } from '@webcapture/errors';
import type { SearchHit } from '@webcapture/search';
import { type BillingRecord, newId } from '@webcapture/service';
import { type ScrapeEnvelope, scrapePage } from '../scrape';
import { scrapeBilling } from '../scrape-billing';
import { type ScrapeOutputFields, scrapeOptions } from '../scrape-request';

/** What a search applies to every result it scrapes: the scrape fields but URL, country (the search's), timeout and custom. */
export type ResultScrapeFields = Omit<ScrapeOutputFields, 'url' | 'country' | 'timeout_ms' | 'custom'>;

/** A result's scrape failure, shaped like a job's error (GET /v1/scrape/{id}). */
export interface ResultError {
  code: string;
  message: string;
  http_status: number;
  details?: Record<string, unknown>;
}

type ScrapeOutput = Omit<ScrapeEnvelope, 'status' | 'url' | 'custom'>;

export type ScrapedHit = SearchHit & (Partial<ScrapeOutput> & { error?: ResultError });

export interface ResultScrapes {
  results: ScrapedHit[];
  /** Some result was not scraped (deadline or failure): its search fields and an error stand. */
  partial: boolean;
  /** One per scrape that got bytes, each billed as a scrape on the search's usage rows. */
  billing: BillingRecord[];
}

/** Kept back from the deadline to put the answer together once the scrapes are in. */
const ASSEMBLY_RESERVE_MS = 200;

function resultError(error: unknown): ResultError {
  if (isApiError(error)) {
    return {
      code: error.code,
      message: error.message,
      http_status: error.status,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  // Never a stack or an internal message: the caller learns that this result failed, and why in general.
  return { code: 'internal_error', message: 'The result could not be scraped.', http_status: 500 };
}

function deadlineError(budgetMs: number): ApiError {
  return new ApiError(
    'internal_error',
    `The page was not scraped within the ${budgetMs} ms left of timeout_ms.`,
    {
      details: { reason: 'timeout', timeout_ms: budgetMs },
    },
  );
}

/**
 * Scrapes one result through the scrape pipeline (SSRF guard, cache, content), settled by the
 * deadline whatever the page does: the fetch has the time left as its own timeout, and a timer
 * answers for it should it overrun.
 */
async function scrapeOne(hit: SearchHit, fields: ResultScrapeFields, country: string, deadline: number) {
  const budgetMs = Math.floor(deadline - Date.now());
  if (budgetMs < 1) throw deadlineError(0);
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(deadlineError(budgetMs)), budgetMs);
  });
  const request = { ...fields, url: hit.url, country, timeout_ms: budgetMs, custom: {} };
  try {
    const scraped = await Promise.race([scrapePage(scrapeOptions(request, newId('sc'))), overrun]);
    return { scraped, request };
  } finally {
    clearTimeout(timer);
  }
}

/** Usage rows of a search's scrapes: apart from direct scrapes, split by markdown like them. */
function searchScrapeBilling(...args: Parameters<typeof scrapeBilling>): BillingRecord {
  const record = scrapeBilling(...args);
  const markdown = record.endpoint === '/v1/scrape (markdown)';
  return { ...record, endpoint: markdown ? '/v1/search (scrape, markdown)' : '/v1/search (scrape)' };
}

/** Every result scraped in parallel, each under what is left before the deadline. */
export async function scrapeResults(
  hits: SearchHit[],
  fields: ResultScrapeFields,
  country: string,
  deadline: number,
): Promise<ResultScrapes> {
  const scrapeDeadline = deadline - ASSEMBLY_RESERVE_MS;
  const settled = await Promise.allSettled(
    hits.map((hit) => scrapeOne(hit, fields, country, scrapeDeadline)),
  );
  const billing: BillingRecord[] = [];
  const results = settled.map((outcome, index): ScrapedHit => {
    const hit = hits[index] as SearchHit;
    if (outcome.status === 'rejected') return { ...hit, error: resultError(outcome.reason) };
    const { scraped, request } = outcome.value;
    billing.push(searchScrapeBilling(request, scraped.envelope, scraped.cache));
    const { status: _status, url: _url, custom: _custom, ...output } = scraped.envelope;
    return { ...hit, ...output };
  });
  return { results, partial: results.some((result) => result.error !== undefined), billing };
}
