import { isApiError } from '@webcapture/errors';
import type { RenderCookie, WaitUntil } from '@webcapture/render';
import {
  type BillingRecord,
  billingRecord,
  type ImageFormat,
  putScreenshotImage,
  type ScreenshotResult,
  screenshotImageKey,
} from '@webcapture/service';
import { renderScreenshot } from './render-screenshot';

/*
 * Screenshots: a separate entry point (`@webcapture/scraping/screenshots`) so that only the
 * functions that take them bundle the browser; the package index never imports it. How a queued
 * screenshot runs and ends is in screenshot-jobs.ts, which needs no browser.
 */
export * from './screenshot-jobs';

/** A screenshot request in the pipeline's terms; stored with the record, so JSON only. */
export interface ScreenshotJob {
  url: string;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  fullPage: boolean;
  selector?: string;
  format: ImageFormat;
  /** jpeg and webp only. */
  quality?: number;
  omitBackground: boolean;
  /** The page is loaded through the proxy PROXY_URLS names for it, else directly (absent on records from before it existed). */
  country?: string;
  cookies: RenderCookie[];
  headers: Record<string, string>;
  delayMs: number;
  waitForSelector?: string;
  waitUntil: WaitUntil;
  timeoutMs: number;
  webhookUrl?: string;
  events: Array<'completed' | 'failed'>;
  custom: Record<string, unknown>;
}

export interface TakenScreenshot {
  result: ScreenshotResult & { imageKey: string };
  billing: BillingRecord;
}

/** Renders the page, stores the image in the bucket, and says what it bills. */
export async function takeScreenshot(
  accountId: string,
  id: string,
  job: ScreenshotJob,
  /** imageKey: where to store the image (bulk items keep theirs under bulk/). */
  options: { timeoutMs: number; imageKey?: string },
): Promise<TakenScreenshot> {
  const shot = await renderScreenshot(job, options);
  const imageKey = options.imageKey ?? screenshotImageKey(accountId, id, job.format);
  await putScreenshotImage(imageKey, shot.image, job.format);
  return {
    result: {
      imageKey,
      finalUrl: shot.finalUrl,
      width: shot.width,
      height: shot.height,
      bytes: shot.image.byteLength,
    },
    // What the page moved over the wire, like a scrape; the image itself is not billed.
    billing: billingRecord({ kind: 'screenshot', wireBytes: shot.wireBytes }),
  };
}

/** Render timeouts (the page, or wait_for_selector): what the hold cuts short. */
const TIMEOUT_REASONS = new Set(['timeout', 'selector_timeout']);

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
    const reason = isApiError(error) ? error.details?.reason : undefined;
    if (holdBinds && typeof reason === 'string' && TIMEOUT_REASONS.has(reason)) return 'held';
    throw error;
  }
}
