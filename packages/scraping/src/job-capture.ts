import { ApiError } from '@webcapture/errors';
import type { CacheStatus } from './obtain-capture';
import { type KeptRecording, keepScrapeRecording } from './recordings/keep-recording';
import { fastPathTraffic } from './recordings/recording-content';
import { type ScrapeEnvelope, scrapePage } from './scrape';
import { needsRendering, type ScrapeRequestFields, scrapeOptions } from './scrape-request';

/** How a queue's jobs are captured: the fast path, or the browser (scraping/rendered). */
export type JobCapture = (
  request: ScrapeRequestFields,
  scrapeId: string,
  accountId: string,
) => Promise<{ envelope: ScrapeEnvelope; cache: CacheStatus; recording?: KeptRecording }>;

/** Async jobs without rendering options. */
export const fastPathCapture: JobCapture = async (request, scrapeId, accountId) => {
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
  const { envelope, cache, live } = await scrapePage(scrapeOptions({ ...request, cache_ttl: 0 }, scrapeId));
  const recording =
    request.record && live
      ? await keepScrapeRecording({ accountId, id: scrapeId }, envelope, fastPathTraffic(live), {
          kind: 'response',
        })
      : undefined;
  return { envelope, cache, recording };
};
