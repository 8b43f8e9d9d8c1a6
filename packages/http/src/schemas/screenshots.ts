import type { ScreenshotRequestFields } from '@webcapture/scraping';
import { parse as parseSelector } from 'css-what';
import { z } from 'zod';
import { country, custom } from './capture-fields';
import { cookie } from './scrape';

/** Formats that carry quality: PNG is lossless. */
const LOSSY = ['jpeg', 'webp'] as const;

function isSelector(value: string): boolean {
  try {
    return parseSelector(value).length > 0;
  } catch {
    return false;
  }
}

/** Checked when the request arrives, so a typo is a 422 rather than a failed render later. */
const cssSelector = z.string().min(1).max(500).refine(isSelector, 'is not a valid CSS selector');

const viewport = z
  .strictObject({
    width: z.number().int().min(100).max(3840).describe('CSS pixels, 100–3840'),
    height: z.number().int().min(100).max(4320).describe('CSS pixels, 100–4320'),
  })
  .default({ width: 1280, height: 800 });

/** Option combinations a render cannot honour (422), shared with the bulk screenshot job. */
export function checkScreenshotOptions(
  body: { format: string; quality?: number; omit_background: boolean; selector?: string; full_page: boolean },
  ctx: z.RefinementCtx,
): void {
  const lossy = (LOSSY as readonly string[]).includes(body.format);
  if (body.quality !== undefined && !lossy) {
    ctx.addIssue({
      code: 'custom',
      path: ['quality'],
      message: `applies to jpeg and webp only; format is ${body.format}`,
    });
  }
  if (body.omit_background && body.format === 'jpeg') {
    ctx.addIssue({
      code: 'custom',
      path: ['omit_background'],
      message: 'jpeg has no transparency; use png or webp',
    });
  }
  if (body.selector !== undefined && body.full_page) {
    ctx.addIssue({
      code: 'custom',
      path: ['selector'],
      message: 'clips to one element, so it cannot be combined with full_page',
    });
  }
}

/**
 * POST /v1/screenshots. Field names follow scrape's (url, cookies, headers, delay_ms,
 * wait_for_selector, wait_until, timeout_ms, webhook_url, events, custom). URLs are checked before
 * this schema (400 invalid_url), as for scrape.
 */
export const screenshotBody = z
  .strictObject({
    url: z.string().describe('The page to capture, http or https; otherwise 400 invalid_url.'),
    viewport,
    device_scale_factor: z
      .number()
      .min(1)
      .max(3)
      .default(1)
      .describe('Device pixels per CSS pixel, 1–3: the image is viewport × this'),
    full_page: z
      .boolean()
      .default(false)
      .describe('The whole scrollable page instead of the viewport, at most 16384 CSS px of it from the top'),
    selector: cssSelector
      .optional()
      .describe('A CSS selector: the image is clipped to the first matching element'),
    format: z.enum(['png', 'jpeg', 'webp']).default('png'),
    quality: z.number().int().min(1).max(100).optional().describe('jpeg and webp only, 1–100; default 80'),
    omit_background: z
      .boolean()
      .default(false)
      .describe('A transparent background where the page has none (png and webp)'),
    country,
    cookies: z.array(cookie).max(100).default([]),
    headers: z.record(z.string().min(1), z.string()).default({}),
    delay_ms: z.number().int().min(0).max(10_000).default(0),
    wait_for_selector: cssSelector.optional(),
    wait_until: z.enum(['load', 'domcontentloaded', 'networkidle']).default('load'),
    timeout_ms: z.number().int().min(1000).max(60_000).default(30_000),
    webhook_url: z
      .string()
      .optional()
      .describe('https:// only; receives screenshot.completed / screenshot.failed.'),
    events: z
      .array(z.enum(['completed', 'failed']))
      .min(1)
      .default(['completed', 'failed']),
    custom,
    record: z
      .boolean()
      .default(false)
      .describe(
        'Keep a recording (WACZ web archive: traffic, final DOM and the image); the record names it in recording_id (docs/api/recordings.md).',
      ),
  })
  .superRefine(checkScreenshotOptions);

export type ScreenshotRequest = z.output<typeof screenshotBody>;

/** `?async=true` answers 202 at once; anything else holds the call. */
export const screenshotQuery = z.object({
  async: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

// The pipeline's own description of a request must stay what this schema produces.
const _sameShape: (request: ScreenshotRequest) => ScreenshotRequestFields = (request) => request;

// The mapping lives with the pipeline (bulk screenshot items in @webcapture/jobs use it too).
export { screenshotJob } from '@webcapture/scraping';
