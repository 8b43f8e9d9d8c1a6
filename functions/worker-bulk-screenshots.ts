import {
  type BulkItemRunner,
  bulkBatchHandler,
  charge,
  endpointOf,
  failed,
  requestOf,
  type ScreenshotRequest,
  screenshotJob,
} from '@webcapture/http';
import { takeScreenshot } from '@webcapture/scraping/screenshots';
import { bulkResultKey } from '@webcapture/service';

/**
 * One item of a bulk screenshot job: rendered like POST /v1/screenshots, the image stored under
 * bulk/ with its content type, billed like a single screenshot (the page's wire bytes × 1.0).
 */
const runScreenshotItem: BulkItemRunner = async (message, item) => {
  const job = screenshotJob(requestOf(message, item) as ScreenshotRequest);
  const imageKey = bulkResultKey(message.accountId, message.jobId, item.index);
  try {
    const taken = await takeScreenshot(message.accountId, message.jobId, job, {
      timeoutMs: job.timeoutMs,
      imageKey,
    });
    return {
      index: item.index,
      status: 'completed',
      upstreamStatus: null,
      contentType: `image/${job.format}`,
      contentLength: taken.result.bytes,
      resultKey: imageKey,
      error: null,
      charge: charge({ ...taken.billing, endpoint: endpointOf(message) }),
    };
  } catch (error) {
    return failed(item.index, error);
  }
};

/** Bulk screenshot batches (POST /v1/bulk): the only bulk worker that bundles Chromium. */
export const handler = bulkBatchHandler(runScreenshotItem);
