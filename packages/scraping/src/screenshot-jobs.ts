import {
  answerTaken,
  claimScreenshot,
  deadLetterError,
  dispatchScreenshotOutbox,
  workUnderAdmission,
} from '@webcapture/service';
import { concludeScreenshot } from './screenshots/conclude-screenshot';
import type { ScreenshotJob, TakeScreenshot } from './screenshots/screenshot-job';

/*
 * How a queued screenshot runs and ends, without the browser: the dead-letter worker, which only
 * records failures, imports this module (`@webcapture/scraping/screenshot-jobs`) and not the
 * browser's; the screenshots worker passes takeScreenshot in.
 */

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

/**
 * The dead-letter worker of the screenshots queue: a screenshot whose message was dead-lettered
 * (its workers died on every receive) ends as failed, its admission rolled back, its
 * screenshot.failed webhook sent. One still held by a live lease throws, so its message comes back.
 */
export async function failDeadScreenshot(message: { accountId: string; id: string }): Promise<void> {
  if ((await runScreenshotJob(message, () => Promise.reject(deadLetterError()))) === 'held') {
    throw new Error(`screenshot ${message.id} is still held by a live worker`);
  }
}
