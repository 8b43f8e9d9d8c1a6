import type { RenderCookie, WaitUntil } from '@webcapture/render';
import type { BillingRecord, ImageFormat, ScreenshotResult } from '@webcapture/service';

/*
 * The shapes every screenshot module shares — the job as the record stores it, what taking it
 * yields — so the browser step, the hold and the queued job import them from here and never
 * from each other. Types and a constant only: importing this module bundles no browser.
 */

/** The usage rows' endpoint of every screenshot, sync or async, and where its record is read. */
export const SCREENSHOT_ENDPOINT = '/v1/screenshots';

/** A screenshot request in the pipeline's terms; stored with the record (its `job`), so JSON only. */
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
  /** Keep a recording (its id is the screenshot's ULID under rc_); absent on records from before it existed. */
  record?: boolean;
}

/** A screenshot taken and stored: the record's result, and what it bills. */
export interface TakenScreenshot {
  result: ScreenshotResult & { imageKey: string };
  billing: BillingRecord;
}

/** How a screenshot is taken: takeScreenshot (Chromium), or a stand-in that fails (dead letters). */
export type TakeScreenshot = (
  accountId: string,
  id: string,
  job: ScreenshotJob,
  /** imageKey: where to store the image (bulk items keep theirs under bulk/). */
  options: { timeoutMs: number; imageKey?: string },
) => Promise<TakenScreenshot>;
