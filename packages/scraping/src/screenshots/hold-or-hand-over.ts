import {
  createScreenshot,
  enqueueScreenshot,
  getScreenshot,
  newId,
  type ScreenshotRecord,
} from '@webcapture/service';
import { jobError } from '../job-error';
import type { RequestMeter } from '../request-meter';
import { concludeScreenshot } from './conclude-screenshot';
import type { ScreenshotJob } from './screenshot-job';
import { screenshotWithin } from './take-screenshot';

export interface ScreenshotCaptureRequest {
  accountId: string;
  job: ScreenshotJob;
  /** `?async=true`: hand the screenshot to the worker at once. */
  handOverAtOnce: boolean;
  /** How long the call is held before the screenshot is handed over. */
  holdMs: number;
}

export type ScreenshotOutcome =
  | { pending: { id: string; url: string } }
  | { completed: ScreenshotRecord | undefined };

/**
 * POST /v1/screenshots, held up to 28 s (spec): done by then → the completed record; not done →
 * the capture is handed to the screenshots worker and the outcome is pending, so nothing is lost.
 * The worker settles the admission of what it is handed.
 */
export async function holdOrHandOverScreenshot(
  { accountId, job, handOverAtOnce, holdMs }: ScreenshotCaptureRequest,
  meter: RequestMeter,
): Promise<ScreenshotOutcome> {
  const id = newId('ss');
  const { url, format, custom } = job;
  await createScreenshot({
    accountId,
    id,
    url,
    format,
    custom,
    status: 'processing',
    job: { ...job },
  });
  const taken = handOverAtOnce
    ? 'held'
    : await screenshotWithin(accountId, id, job, holdMs).catch(async (error) => {
        await concludeScreenshot(accountId, id, job, { error: jobError(error, 'screenshot') });
        throw error;
      });
  if (taken === 'held') {
    // Handed over only once queued: if queueing fails, the request's admission is still rolled back.
    await enqueueScreenshot(accountId, id, meter.admission);
    meter.handOver();
    return { pending: { id, url } };
  }
  meter.bill(taken.billing);
  await concludeScreenshot(accountId, id, job, { result: taken.result });
  return { completed: await getScreenshot(accountId, id) };
}
