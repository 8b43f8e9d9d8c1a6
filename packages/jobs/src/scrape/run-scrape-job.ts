import {
  fastPathCapture,
  indexCapturedPage,
  type JobCapture,
  type ScrapeRequestFields,
  scrapeBilling,
  withRecordingBilling,
} from '@webcapture/scraping';
import { claimScrapeJob, dispatchScrapeOutbox, finishScrapeJob } from '@webcapture/service';
import { answerTaken, workUnderAdmission } from '../job-runs';
import { scrapeWebhookDelivery } from './scrape-webhook';

/** Test seams: `afterCommit` runs between the job's commit and the sending of its webhook. */
export interface JobHooks {
  afterCommit?: () => unknown;
}

/**
 * Runs one queued scrape. Claiming the job first makes a redelivered message a no-op, so the
 * worker is idempotent; capture failures end the job as failed rather than retrying forever.
 * The webhook is recorded with the outcome (one transaction) and queued after it: a message that
 * comes back because the worker died in between finds the job done and queues what it left.
 */
export async function runScrapeJob(
  message: { accountId: string; id: string },
  capture: JobCapture = fastPathCapture,
  hooks: JobHooks = {},
): Promise<'done' | 'held'> {
  const job = await claimScrapeJob(message.accountId, message.id);
  if ('unsent' in job) {
    return answerTaken(job, (ids) => dispatchScrapeOutbox(message.accountId, message.id, ids));
  }
  const request = job.request as unknown as ScrapeRequestFields;
  const run = await workUnderAdmission(
    job.admission,
    () => capture(request, message.id, message.accountId),
    ({ envelope, cache, recording }) =>
      withRecordingBilling(scrapeBilling(request, envelope, cache), recording),
    'scrape',
  );
  const outcome = 'done' in run ? { envelope: run.done.envelope } : run;
  const delivery = scrapeWebhookDelivery(message, request, outcome);
  if (!(await finishScrapeJob(message.accountId, message.id, outcome, delivery))) return 'done';
  await hooks.afterCommit?.();
  if (delivery) await dispatchScrapeOutbox(message.accountId, message.id, [delivery.id]);
  if ('done' in run) await indexCapturedPage(message.accountId, run.done.envelope);
  return 'done';
}
