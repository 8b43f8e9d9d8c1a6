import {
  answerTaken,
  claimScreenshot,
  deadLetterError,
  dispatchScreenshotOutbox,
  finishScreenshot,
  type ScrapeError,
  workUnderAdmission,
} from '@webcapture/service';
import type { ScreenshotJob, TakenScreenshot, takeScreenshot } from './screenshots';

/*
 * How a screenshot job runs and ends, without the browser: the dead-letter worker, which only
 * records failures, imports this module and not screenshots.ts.
 */

/** The usage rows' endpoint of every screenshot, sync or async. */
export const SCREENSHOT_ENDPOINT = '/v1/screenshots';

/** How a queued screenshot is captured (takeScreenshot, which renders in Chromium). */
export type TakeScreenshot = typeof takeScreenshot;

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
