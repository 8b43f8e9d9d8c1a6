import { type ScreenshotRequestFields, screenshotJob } from '@webcapture/scraping';
import { takeScreenshot } from '@webcapture/scraping/screenshots';
import { bulkResultKey } from '@webcapture/service';
import { endpointOf, requestOf } from './batch-message';
import { type BulkItemRunner, charge, failed } from './item-outcomes';

/**
 * One item of a bulk screenshot job: rendered like POST /v1/screenshots, the image stored under
 * bulk/ with its content type, billed like a single screenshot (the page's wire bytes × 1.0).
 */
export const runScreenshotItem: BulkItemRunner = async (message, item) => {
  const job = screenshotJob(requestOf(message, item) as unknown as ScreenshotRequestFields);
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
