import { isApiError } from '@webcapture/errors';
import type { RenderCookie, WaitUntil } from '@webcapture/render';
import {
  BILLING_FACTORS,
  type BillingRecord,
  claimScreenshot,
  dispatchScreenshotOutbox,
  finishScreenshot,
  type ImageFormat,
  jobError,
  putScreenshotImage,
  rollback,
  type ScrapeError,
  type ScreenshotResult,
  screenshotImageKey,
  settle,
} from '@webcapture/service';
import { renderScreenshot } from './render-screenshot';

/*
 * Screenshots: a separate entry point (`@webcapture/scraping/screenshots`) so that only the
 * functions that take them bundle the browser; the package index never imports it.
 */

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

/** The usage rows' endpoint of every screenshot, sync or async. */
export const SCREENSHOT_ENDPOINT = '/v1/screenshots';

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
    billing: {
      endpoint: SCREENSHOT_ENDPOINT,
      wireBytes: shot.wireBytes,
      factor: BILLING_FACTORS.screenshot,
    },
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

/**
 * Records the outcome with the webhook the request asked for (one transaction), then queues the
 * webhook: a worker killed in between leaves it in the record's outbox, which the message's next
 * delivery (or the sweep) sends. `hooks.afterCommit` runs in between (a test seam).
 */
export async function concludeScreenshot(
  accountId: string,
  id: string,
  job: ScreenshotJob,
  outcome: { result: TakenScreenshot['result'] } | { error: ScrapeError },
  hooks: { afterCommit?: () => unknown } = {},
): Promise<void> {
  const completed = 'result' in outcome;
  const wanted = job.webhookUrl && job.events.includes(completed ? 'completed' : 'failed');
  const webhook = wanted
    ? {
        url: job.webhookUrl as string,
        event: completed ? ('screenshot.completed' as const) : ('screenshot.failed' as const),
        payload: (record: unknown) => ({
          id,
          status: completed ? 'completed' : 'failed',
          url: job.url,
          result_url: `${SCREENSHOT_ENDPOINT}/${id}`,
          data: record,
          ...('error' in outcome ? { error: outcome.error } : {}),
          custom: job.custom,
        }),
      }
    : undefined;
  const finished = await finishScreenshot(accountId, id, outcome, webhook);
  await hooks.afterCommit?.();
  if (finished?.delivery) await dispatchScreenshotOutbox(accountId, id, [finished.delivery.id]);
}

/**
 * The screenshots worker: one queued screenshot. Claiming first makes a redelivered message a
 * no-op (or the sender of what a finished screenshot's outbox still holds); a failed capture ends
 * the screenshot as failed and costs nothing.
 */
export async function runScreenshotJob(
  message: { accountId: string; id: string },
  hooks: { afterCommit?: () => unknown } = {},
): Promise<void> {
  const claimed = await claimScreenshot(message.accountId, message.id);
  if ('unsent' in claimed) {
    await dispatchScreenshotOutbox(message.accountId, message.id, claimed.unsent);
    return;
  }
  const job = claimed.job as unknown as ScreenshotJob;
  let outcome: { result: TakenScreenshot['result'] } | { error: ScrapeError };
  try {
    const taken = await takeScreenshot(message.accountId, message.id, job, { timeoutMs: job.timeoutMs });
    // May refuse with 402 quota_exceeded (and roll back): the screenshot then fails, costing nothing.
    if (claimed.admission) await settle(claimed.admission, taken.billing);
    outcome = { result: taken.result };
  } catch (error) {
    if (claimed.admission) await rollback(claimed.admission);
    outcome = { error: jobError(error) };
  }
  await concludeScreenshot(message.accountId, message.id, job, outcome, hooks);
}
