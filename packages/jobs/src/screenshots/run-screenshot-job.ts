import { concludeScreenshot } from '@webcapture/scraping';
import type { ScreenshotJob, takeScreenshot } from '@webcapture/scraping/screenshots';
import { claimScreenshot, dispatchScreenshotOutbox } from '@webcapture/service';
import { answerTaken, workUnderAdmission } from '../job-runs';

/** How a queued screenshot is captured (takeScreenshot, which renders in Chromium). */
export type TakeScreenshot = typeof takeScreenshot;

/**
 * The screenshots worker: one queued screenshot, captured by `take` (takeScreenshot). Claiming first makes a redelivered message a
 * no-op (or the sender of what a finished screenshot's outbox still holds); a failed capture ends
 * the screenshot as failed and costs nothing.
 */
export async function runScreenshotJob(
  message: { accountId: string; id: string },
  take: TakeScreenshot,
  hooks: { afterCommit?: () => unknown } = {},
): Promise<'done' | 'held'> {
  const claimed = await claimScreenshot(message.accountId, message.id);
  if ('unsent' in claimed) {
    return answerTaken(claimed, (ids) => dispatchScreenshotOutbox(message.accountId, message.id, ids));
  }
  const job = claimed.job as unknown as ScreenshotJob;
  const run = await workUnderAdmission(
    claimed.admission,
    () => take(message.accountId, message.id, job, { timeoutMs: job.timeoutMs }),
    (taken) => taken.billing,
    'screenshot',
  );
  const outcome = 'done' in run ? { result: run.done.result } : run;
  await concludeScreenshot(message.accountId, message.id, job, outcome, hooks);
  return 'done';
}
