import type { ScreenshotJob } from './screenshot-job';

/**
 * A screenshot request as the API validated it (snake_case, defaults applied), for
 * POST /v1/screenshots and a bulk screenshot item alike. The http package's zod schema produces
 * exactly this shape.
 */
export interface ScreenshotRequestFields {
  url: string;
  viewport: ScreenshotJob['viewport'];
  device_scale_factor: number;
  full_page: boolean;
  selector?: string;
  format: ScreenshotJob['format'];
  quality?: number;
  omit_background: boolean;
  country?: string;
  cookies: ScreenshotJob['cookies'];
  headers: Record<string, string>;
  delay_ms: number;
  wait_for_selector?: string;
  wait_until: ScreenshotJob['waitUntil'];
  timeout_ms: number;
  webhook_url?: string;
  events: ScreenshotJob['events'];
  custom: Record<string, unknown>;
  /** Keep a recording (WACZ) of the capture, the image included (absent: false). */
  record?: boolean;
}

/** The request in the pipeline's terms; it is stored with the record for the worker. */
export function screenshotJob(request: ScreenshotRequestFields): ScreenshotJob {
  return {
    url: request.url,
    viewport: request.viewport,
    deviceScaleFactor: request.device_scale_factor,
    fullPage: request.full_page,
    selector: request.selector,
    format: request.format,
    quality: request.format === 'png' ? undefined : (request.quality ?? 80),
    omitBackground: request.omit_background,
    country: request.country,
    cookies: request.cookies,
    headers: request.headers,
    delayMs: request.delay_ms,
    waitForSelector: request.wait_for_selector,
    waitUntil: request.wait_until,
    timeoutMs: request.timeout_ms,
    webhookUrl: request.webhook_url,
    events: request.events,
    custom: request.custom,
    record: request.record === true,
  };
}
