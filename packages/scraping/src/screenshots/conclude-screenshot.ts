import { dispatchScreenshotOutbox, finishScreenshot, publicUrl, type ScrapeError } from '@webcapture/service';
import { SCREENSHOT_ENDPOINT, type ScreenshotJob, type TakenScreenshot } from './screenshot-job';

/**
 * How a screenshot ends, sync or queued: records the outcome with the webhook the request asked
 * for (one transaction), then queues the webhook. A worker killed in between leaves it in the
 * record's outbox, which the message's next delivery (or the sweep) sends. `hooks.afterCommit`
 * runs in between (a test seam).
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
          result_url: publicUrl(`${SCREENSHOT_ENDPOINT}/${id}`),
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
