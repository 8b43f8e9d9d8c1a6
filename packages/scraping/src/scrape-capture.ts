import { enqueueScrapeJob, newId, saveCompletedScrape } from '@webcapture/service';
import type { CacheStatus } from './obtain-capture';
import { keepScrapeRecording, withRecordingBilling } from './recordings/keep-recording';
import { fastPathTraffic } from './recordings/recording-content';
import type { RequestMeter } from './request-meter';
import { type ScrapeEnvelope, scrapePage } from './scrape';
import { scrapeBilling } from './scrape-billing';
import { needsRendering, type ScrapeRequestFields, scrapeOptions } from './scrape-request';
import { indexCapturedPage } from './search/capture-documents';

export interface ScrapeCaptureRequest {
  accountId: string;
  request: ScrapeRequestFields;
  /** The deadline of a synchronous capture: timeout_ms as far as the platform allows. */
  timeoutMs: number;
}

export type ScrapeOutcome =
  | { queued: { id: string; url: string } }
  | { completed: ScrapeEnvelope; cache: CacheStatus };

/**
 * POST /v1/scrape: an async request, or one that needs a browser, is queued (the job settles the
 * admission when it has run, and its slot stays held until then); any other is scraped now,
 * billed and stored under its id.
 */
export async function scrapeCapture(
  { accountId, request, timeoutMs }: ScrapeCaptureRequest,
  meter: RequestMeter,
): Promise<ScrapeOutcome> {
  const id = newId('sc');
  const rendered = needsRendering(request);
  if (request.async || rendered) {
    const queue = rendered ? 'scrape-render' : 'scrape-jobs';
    await enqueueScrapeJob(accountId, id, { ...request }, meter.admission, queue);
    meter.handOver();
    return { queued: { id, url: request.url } };
  }
  const { envelope, cache, live } = await scrapePage({ ...scrapeOptions(request, id), timeoutMs });
  const recording =
    request.record && live
      ? await keepScrapeRecording({ accountId, id }, envelope, fastPathTraffic(live), { kind: 'response' })
      : undefined;
  meter.bill(withRecordingBilling(scrapeBilling(request, envelope, cache), recording));
  await saveCompletedScrape(accountId, id, request.url, envelope);
  await indexCapturedPage(accountId, envelope);
  return { completed: envelope, cache };
}
