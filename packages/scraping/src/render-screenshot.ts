import { ApiError } from '@webcapture/errors';
import type { ScreenshotJob } from './screenshots';

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

/** The browser step; the renderer (packages/render) plugs in here. */
export async function renderScreenshot(
  job: ScreenshotJob,
  _options: { timeoutMs: number },
): Promise<RenderedScreenshot> {
  throw new ApiError(
    'not_implemented',
    `Rendering ${job.url} needs the browser, which is not available yet.`,
  );
}
