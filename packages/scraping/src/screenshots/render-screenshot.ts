import { captureScreenshot, type PageInfo, type RecordedTraffic } from '@webcapture/render';
import type { ScreenshotJob } from './screenshot-job';

/** One rendered capture: the encoded image and what the page cost. */
export interface RenderedScreenshot {
  image: Uint8Array;
  /** Pixel size of the image. */
  width: number;
  height: number;
  finalUrl: string;
  /** Bytes the page moved over the wire (document and subresources): what is billed. */
  wireBytes: number;
  page: Pick<PageInfo, 'status' | 'contentType'> & { retrievedAt: string };
  /** With job.record: what the recording keeps besides the image. */
  recorded?: { traffic: RecordedTraffic; html: string };
}

/** The browser step: packages/render loads the page in a fresh context behind the SSRF guard. */
export async function renderScreenshot(
  job: ScreenshotJob,
  options: { timeoutMs: number },
): Promise<RenderedScreenshot> {
  const shot = await captureScreenshot(
    {
      url: job.url,
      country: job.country,
      cookies: job.cookies,
      headers: job.headers,
      waitUntil: job.waitUntil,
      waitForSelector: job.waitForSelector,
      delayMs: job.delayMs,
      timeoutMs: options.timeoutMs,
      viewport: { ...job.viewport, deviceScaleFactor: job.deviceScaleFactor },
      record: job.record,
    },
    {
      fullPage: job.fullPage,
      selector: job.selector,
      format: job.format,
      quality: job.quality,
      omitBackground: job.omitBackground,
    },
  );
  return {
    image: shot.image,
    width: shot.width,
    height: shot.height,
    finalUrl: shot.finalUrl,
    wireBytes: shot.bytes,
    page: { status: shot.status, contentType: shot.contentType, retrievedAt: shot.retrievedAt },
    ...(shot.recorded && shot.html !== undefined
      ? { recorded: { traffic: shot.recorded, html: shot.html } }
      : {}),
  };
}
