import { finishBulkJobIfDone } from '../bulk/finish';
import { dispatchCompletion } from '../bulk/outbox';
import { nowIso } from '../ids';
import { overduePendingKeys } from '../recovery/pending-index';
import { PENDING_INDEX_SHARDS } from './deliveries';
import { sendWebhookMessages } from './messages';

/**
 * The sweep (README, Webhooks: the sweep): every recorded delivery is eventually attempted, even
 * when the message that should have queued it never came back — its job's message went to the
 * dead-letter queue, a synchronous screenshot's process died after its commit, the webhook
 * message itself was dead-lettered. The pending index (table-schema.ts) holds every delivery
 * that is not settled, due at its next attempt, and every ended bulk job whose bulk.completed is
 * marked but not yet recorded. What is still there `graceSeconds` after it was due is queued
 * again: a delivery by its id (the webhook worker's claim makes a message too many harmless), a
 * job's mark by recording and queueing its delivery (bulk/outbox.ts). A synchronous screenshot
 * is there from the end of its function's lease until it ends or goes to the worker
 * (screenshots/records.ts): one still there was left processing by a function that died, and
 * `endAbandonedScreenshot` (the dead-letter worker's ending: failed, nothing billed, its
 * screenshot.failed sent) ends it. A sitemap job is there until it ends (sitemaps/jobs.ts): one
 * still there lost its message or its worker, and `recoverSitemapJob` re-queues or fails it. Run on a schedule (stacks/schedules.ts; the local runtime's
 * timer).
 */

/** WEBHOOK_SWEEP_GRACE_SECONDS: how long past due a send may be before the sweep queues it again. */
export function webhookSweepGraceSeconds(): number {
  const raw = process.env.WEBHOOK_SWEEP_GRACE_SECONDS;
  const seconds = raw === undefined ? 900 : Number(raw);
  if (!Number.isInteger(seconds) || seconds < 0) {
    throw new Error(`WEBHOOK_SWEEP_GRACE_SECONDS must be whole seconds, got "${raw}"`);
  }
  return seconds;
}

/** Entries one run handles at most; the next run takes the rest. */
const MAX_PER_RUN = 2000;

export interface SweepResult {
  deliveries: number;
  completions: number;
  screenshots: number;
  sitemaps: number;
}

/** Ends a screenshot left processing (failDeadScreenshot, which lives beside the screenshot worker). */
export type EndAbandonedScreenshot = (screenshot: { accountId: string; id: string }) => Promise<void>;

/** Re-queues or fails a sitemap job left without a worker (recoverSitemapJob, beside its worker). */
export type RecoverSitemapJob = (job: { accountId: string; id: string }) => Promise<void>;

export async function sweepPendingWebhooks({
  now = Date.now(),
  graceSeconds = webhookSweepGraceSeconds(),
  endAbandonedScreenshot,
  recoverSitemapJob,
}: {
  now?: number;
  graceSeconds?: number;
  endAbandonedScreenshot?: EndAbandonedScreenshot;
  recoverSitemapJob?: RecoverSitemapJob;
} = {}): Promise<SweepResult> {
  const cutoff = nowIso(new Date(now - graceSeconds * 1000));
  const deliveries = new Map<string, string[]>();
  const jobs: Array<{ accountId: string; id: string }> = [];
  const screenshots: Array<{ accountId: string; id: string }> = [];
  const sitemaps: Array<{ accountId: string; id: string }> = [];
  let found = 0;
  for (let shard = 0; shard < PENDING_INDEX_SHARDS && found < MAX_PER_RUN; shard++) {
    for await (const key of overduePendingKeys(`PENDING#${shard}`, cutoff)) {
      const accountId = key.pk.slice('ACCT#'.length);
      const [kind, id = ''] = key.sk.split('#');
      if (kind === 'WHD') deliveries.set(accountId, [...(deliveries.get(accountId) ?? []), id]);
      if (kind === 'BULK') jobs.push({ accountId, id });
      if (kind === 'SHOT') screenshots.push({ accountId, id });
      if (kind === 'SITEMAP') sitemaps.push({ accountId, id });
      if (++found >= MAX_PER_RUN) break;
    }
  }
  for (const [accountId, ids] of deliveries) await sendWebhookMessages(accountId, ids);
  for (const { accountId, id } of jobs) {
    // Finds the ended job with its mark and hands back the delivery id it names.
    const finish = await finishBulkJobIfDone(accountId, id);
    if (finish?.unsent) await dispatchCompletion(accountId, finish.job.kind, finish.job, finish.unsent);
  }
  if (endAbandonedScreenshot) for (const screenshot of screenshots) await endAbandonedScreenshot(screenshot);
  if (recoverSitemapJob) for (const job of sitemaps) await recoverSitemapJob(job);
  return {
    deliveries: [...deliveries.values()].flat().length,
    completions: jobs.length,
    screenshots: endAbandonedScreenshot ? screenshots.length : 0,
    sitemaps: recoverSitemapJob ? sitemaps.length : 0,
  };
}
