import {
  captureForFetch,
  type FetchRequestFields,
  fetchContent,
  fetchOptions,
  reportedContentType,
  type ScrapeRequestFields,
  scrapeOptions,
  scrapePage,
} from '@webcapture/scraping';
import {
  type BillingRecord,
  type BulkBatchMessage,
  type BulkItemOutcome,
  billingRecord,
  type ClaimedItem,
  chargeOnFailure,
  newId,
} from '@webcapture/service';
import { endpointOf, requestOf } from './batch-message';
import type { Store } from './batch-store';
import { type BulkItemRunner, charge, failed } from './item-outcomes';

/*
 * The items of bulk scrape and fetch jobs: captured on the HTTP fast path, no browser.
 */

async function runScrapeItem(
  message: BulkBatchMessage,
  item: ClaimedItem,
  store: Store,
): Promise<BulkItemOutcome> {
  const request = requestOf(message, item) as unknown as ScrapeRequestFields;
  try {
    const { envelope, cache } = await scrapePage({
      ...scrapeOptions(request, newId('sc')),
      deferCacheWrite: store.cacheWrite(item.index),
    });
    const markdown = request.formats.includes('markdown');
    const stored = store.result(item.index, JSON.stringify(envelope), 'application/json');
    store.searchable(item.index, envelope);
    return {
      index: item.index,
      status: 'completed',
      upstreamStatus: envelope.statusCode,
      contentType: envelope.contentType,
      contentLength: envelope.contentLength,
      ...stored,
      error: null,
      charge: charge(
        billingRecord({
          kind: 'scrape',
          endpoint: endpointOf(message),
          wireBytes: envelope.contentLength,
          markdown,
          cacheHit: cache === 'hit',
        }),
      ),
    };
  } catch (error) {
    return failed(item.index, error);
  }
}

async function runFetchItem(
  message: BulkBatchMessage,
  item: ClaimedItem,
  store: Store,
): Promise<BulkItemOutcome> {
  const request = requestOf(message, item) as unknown as FetchRequestFields;
  const options = { ...fetchOptions(request), deferCacheWrite: store.cacheWrite(item.index) };
  let record: BillingRecord | undefined;
  let upstreamStatus: number | null = null;
  try {
    const obtained = await captureForFetch(options);
    const markdown = request.format === 'markdown';
    upstreamStatus = obtained.capture.status;
    record = billingRecord({
      kind: 'fetch',
      endpoint: endpointOf(message),
      wireBytes: obtained.capture.wireBytes,
      markdown,
      cacheHit: obtained.cache === 'hit',
      upstreamStatus,
    });
    const content = fetchContent(obtained, options);
    const stored = store.result(item.index, content.body, content.contentType);
    return {
      index: item.index,
      status: 'completed',
      upstreamStatus,
      contentType: reportedContentType(obtained.capture),
      contentLength: obtained.capture.wireBytes,
      ...stored,
      error: null,
      charge: charge(record),
    };
  } catch (error) {
    // The spec's charged exception: a cached non-2xx answer stays billed at the cache-hit rate.
    const kept = record && chargeOnFailure(record, 0).bandwidth ? charge(record) : undefined;
    return failed(item.index, error, { upstreamStatus, ...(kept ? { charge: kept } : {}) });
  }
}

/** The item runner of the bulk-items queue (scrape and fetch jobs). */
export const runFastPathItem: BulkItemRunner = (message, item, store) =>
  message.kind === 'scrape' ? runScrapeItem(message, item, store) : runFetchItem(message, item, store);
