import { ApiError } from '@webcapture/errors';
import type { CacheStatus } from './obtain-capture';
import { type ScrapeEnvelope, scrapePage } from './scrape';
import { needsRendering, type ScrapeRequestFields, scrapeOptions } from './scrape-request';

/** How a queue's jobs are captured: the fast path, or the browser (scraping/rendered). */
export type JobCapture = (
  request: ScrapeRequestFields,
  scrapeId: string,
) => Promise<{ envelope: ScrapeEnvelope; cache: CacheStatus }>;

/** Async jobs without rendering options. */
export const fastPathCapture: JobCapture = (request, scrapeId) => {
  if (needsRendering(request)) {
    // POST /v1/scrape queues these on scrape-render; only a message from an older release lands here.
    throw new ApiError(
      'internal_error',
      'This scrape needs a browser and was queued for the fast path; send it again.',
      {
        details: { reason: 'wrong_queue' },
      },
    );
  }
  // cache_ttl is honoured on the synchronous path only: an async scrape always goes to the origin.
  return scrapePage(scrapeOptions({ ...request, cache_ttl: 0 }, scrapeId));
};
