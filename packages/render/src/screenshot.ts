import { ApiError } from '@webcapture/errors';
import type { Page } from 'puppeteer-core';
import { imageSize } from './image-size';
import { type Captured, capturePage, type PageRequest, type RenderGuardOptions } from './with-page';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface ScreenshotOptions {
  /** The whole scrollable page instead of the viewport. */
  fullPage?: boolean;
  /** Clip to the first element matching this CSS selector. */
  selector?: string;
  /** Default png. */
  format?: ImageFormat;
  /** 0–100, jpeg and webp only. */
  quality?: number;
  /** A transparent background where the page sets none (png and webp). */
  omitBackground?: boolean;
}

export interface Screenshot {
  image: Uint8Array;
  format: ImageFormat;
  /** Real pixel size of the image (CSS size × device scale factor). */
  width: number;
  height: number;
}

/** Full-page screenshots stop at this many CSS pixels from the top. */
export const MAX_FULL_PAGE_HEIGHT = 16_384;

function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0),
  );
}

/** Screenshots a page that `withPage` has loaded; a selector that matches nothing fails the capture. */
export async function screenshotPage(page: Page, options: ScreenshotOptions = {}): Promise<Screenshot> {
  const format = options.format ?? 'png';
  const settings = {
    type: format,
    ...(format !== 'png' && options.quality !== undefined ? { quality: options.quality } : {}),
    omitBackground: options.omitBackground ?? false,
    // Faster PNG compression: a little larger, much quicker to encode.
    optimizeForSpeed: true,
  };
  let image: Uint8Array;
  if (options.selector) {
    const element = await page.$(options.selector);
    if (!element) {
      // The page's answer, not a fault of ours: the same request would fail again (not retryable).
      throw new ApiError(
        'selector_not_found',
        `No element matches the selector ${options.selector}; check it against the rendered page.`,
        { details: { selector: options.selector } },
      );
    }
    image = await element.screenshot(settings);
  } else if (options.fullPage && (await pageHeight(page)) > MAX_FULL_PAGE_HEIGHT) {
    // A page this tall would take seconds and gigabytes: its top MAX_FULL_PAGE_HEIGHT pixels.
    const width = page.viewport()?.width ?? 1280;
    image = await page.screenshot({
      ...settings,
      clip: { x: 0, y: 0, width, height: MAX_FULL_PAGE_HEIGHT },
      captureBeyondViewport: true,
    });
  } else {
    image = await page.screenshot({
      ...settings,
      fullPage: options.fullPage ?? false,
      captureBeyondViewport: false,
    });
  }
  const size = imageSize(image);
  if (!size) throw new ApiError('internal_error', 'The browser returned an image it could not describe.');
  return { image, format, ...size };
}

/**
 * Loads a page (fresh context, guard proxy, waits) and screenshots it: the image in memory, with
 * what the page cost. Storing and billing it is the screenshot pipeline's (scraping's takeScreenshot).
 * A recorded capture (`request.record`) also reads the final DOM (`html`) for the recording.
 */
export function captureScreenshot(
  request: PageRequest,
  shot: ScreenshotOptions = {},
  options: RenderGuardOptions = {},
): Promise<Captured<Screenshot & { html?: string }>> {
  return capturePage(
    request,
    async (page) => {
      const image = await screenshotPage(page, shot);
      return request.record ? { ...image, html: await page.content() } : image;
    },
    options,
  );
}
