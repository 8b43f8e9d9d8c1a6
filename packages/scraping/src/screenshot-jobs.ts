import { dispatchScreenshotOutbox, finishScreenshot, type ScrapeError } from '@webcapture/service';
import type { ScreenshotJob, TakenScreenshot } from './screenshots';

/*
 * How a screenshot ends, without the browser: the synchronous call and the queue workers
 * (@webcapture/jobs, whose dead-letter worker only records failures) import this module.
 */

/** The usage rows' endpoint of every screenshot, sync or async. */
export const SCREENSHOT_ENDPOINT = '/v1/screenshots';

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
