import { type SiteMapAnswer, type SitemapFields, siteMap, siteMapRequestOf } from '@webcapture/scraping';
import {
  billingRecord,
  claimSitemapJob,
  dispatchSitemapOutbox,
  finishSitemapJob,
  putSitemapResult,
  type SitemapSummary,
} from '@webcapture/service';
import { answerTaken, workUnderAdmission } from '../job-runs';
import type { JobHooks } from '../scrape/run-scrape-job';
import { sitemapWebhookDelivery } from './sitemap-webhook';

/** A job's map: its answer (already stored), the summary the record keeps, the bytes it bills. */
export interface MappedSite {
  answer: SiteMapAnswer;
  summary: SitemapSummary;
  billedBytes: number;
}

export type SitemapWork = (
  message: { accountId: string; id: string },
  request: SitemapFields,
) => Promise<MappedSite>;

/** The map, stored in S3 before the job ends, so a completed job always has its content_url. */
export const mapAndStore: SitemapWork = async (message, request) => {
  const { answer, billedBytes } = await siteMap(siteMapRequestOf(request));
  await putSitemapResult(message.accountId, message.id, answer);
  const summary: SitemapSummary = {
    urls: answer.urls.length,
    sitemaps: answer.sitemaps.length,
    complete: answer.complete,
    ...(answer.cut ? { cut: answer.cut } : {}),
    billed_bytes: billedBytes,
  };
  return { answer, summary, billedBytes };
};

/**
 * Runs one queued sitemap job as runScrapeJob runs a scrape: the claim makes a redelivered message
 * a no-op; the admission is settled once (one request plus the sitemaps' bytes, on /v1/sitemap's
 * usage row) or rolled back on failure; the webhook is recorded with the outcome and queued after
 * it, so a worker that dies in between leaves it for the next delivery of the message.
 */
export async function runSitemapJob(
  message: { accountId: string; id: string },
  work: SitemapWork = mapAndStore,
  hooks: JobHooks = {},
): Promise<'done' | 'held'> {
  const job = await claimSitemapJob(message.accountId, message.id);
  if ('unsent' in job) {
    return answerTaken(job, (ids) => dispatchSitemapOutbox(message.accountId, message.id, ids));
  }
  const request = job.request as unknown as SitemapFields;
  const run = await workUnderAdmission(
    job.admission,
    () => work(message, request),
    ({ billedBytes }) => billingRecord({ kind: 'sitemap', wireBytes: billedBytes }),
    'sitemap',
  );
  const outcome = 'done' in run ? run.done : run;
  const delivery = sitemapWebhookDelivery(message, request, outcome);
  const ended = 'summary' in outcome ? { summary: outcome.summary } : outcome;
  if (!(await finishSitemapJob(message.accountId, message.id, ended, delivery))) return 'done';
  await hooks.afterCommit?.();
  if (delivery) await dispatchSitemapOutbox(message.accountId, message.id, [delivery.id]);
  return 'done';
}
