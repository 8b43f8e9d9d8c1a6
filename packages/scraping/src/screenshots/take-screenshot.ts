import { isApiError } from '@webcapture/errors';
import { billingRecord, putScreenshotImage, screenshotImageKey } from '@webcapture/service';
import { UNTYPED_CONTENT_TYPE } from '../page-content';
import { keepRecording, withRecordingBilling } from '../recordings/keep-recording';
import { type RenderedScreenshot, renderScreenshot } from './render-screenshot';
import type { ScreenshotJob, TakenScreenshot, TakeScreenshot } from './screenshot-job';

/*
 * Taking a screenshot for a record: rendered in Chromium, stored in the bucket, billed. Used by
 * the synchronous hold, the screenshots worker and bulk screenshot items alike.
 */

/** Renders the page, stores the image in the bucket, and says what it bills. */
export const takeScreenshot: TakeScreenshot = async (accountId, id, job, options) => {
  const shot = await renderScreenshot(job, options);
  const imageKey = options.imageKey ?? screenshotImageKey(accountId, id, job.format);
  await putScreenshotImage(imageKey, shot.image, job.format);
  const recording = shot.recorded ? await keepScreenshotRecording(accountId, id, job, shot) : undefined;
  return {
    result: {
      imageKey,
      finalUrl: shot.finalUrl,
      width: shot.width,
      height: shot.height,
      bytes: shot.image.byteLength,
    },
    // What the page moved over the wire, like a scrape; the image itself is not billed.
    billing: withRecordingBilling(
      billingRecord({ kind: 'screenshot', wireBytes: shot.wireBytes }),
      recording,
    ),
  };
};

/** A screenshot's recording: the traffic, the final DOM (what a replay reads) and the image. */
function keepScreenshotRecording(
  accountId: string,
  id: string,
  job: ScreenshotJob,
  shot: RenderedScreenshot,
) {
  const recorded = shot.recorded as NonNullable<RenderedScreenshot['recorded']>;
  return keepRecording(
    { accountId, id },
    {
      url: job.url,
      finalUrl: shot.finalUrl,
      title: null,
      capturedAt: shot.page.retrievedAt,
      traffic: recorded.traffic,
      page: { kind: 'dom', html: recorded.html },
      screenshot: { image: shot.image, format: job.format },
    },
    {
      finalUrl: shot.finalUrl,
      status: shot.page.status,
      contentType: shot.page.contentType ?? UNTYPED_CONTENT_TYPE,
      wireBytes: shot.wireBytes,
      retrievedAt: shot.page.retrievedAt,
    },
  );
}

/** Render timeouts (the page, or wait_for_selector): what the hold cuts short. */
function isRenderTimeout(error: unknown): boolean {
  return isApiError(error) && (error.code === 'selector_timeout' || error.details?.reason === 'timeout');
}

/**
 * A synchronous call's capture: the screenshot, or `held` when it is not done within `holdMs`.
 * The render is given the hold as its deadline; when the hold (not timeout_ms) is what ran out,
 * the caller hands the screenshot to the worker, which renders it with the whole timeout_ms.
 */
export async function screenshotWithin(
  accountId: string,
  id: string,
  job: ScreenshotJob,
  holdMs: number,
): Promise<TakenScreenshot | 'held'> {
  const holdBinds = holdMs < job.timeoutMs;
  try {
    return await takeScreenshot(accountId, id, job, { timeoutMs: Math.min(job.timeoutMs, holdMs) });
  } catch (error) {
    if (holdBinds && isRenderTimeout(error)) return 'held';
    throw error;
  }
}
