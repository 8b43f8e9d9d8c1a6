import { captureScreenshot } from '@webcapture/render';
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
  };
}
