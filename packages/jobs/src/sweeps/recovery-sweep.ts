import { MAX_RECOVERIES } from '@webcapture/service';
import { logger } from '@webcapture/telemetry';
import { bulkBatchRecovery } from '../bulk/batch-recovery';
import { scrapeJobRecovery } from '../scrape/scrape-recovery';
import { screenshotJobRecovery } from '../screenshots/screenshot-recovery';
import type { RecoverableUnit } from './recoverable-unit';

export type { RecoverableUnit } from './recoverable-unit';

// biome-ignore lint/suspicious/noExplicitAny: a registry of units whose stuck records differ
export const RECOVERABLE_UNITS: readonly RecoverableUnit<any>[] = [
  bulkBatchRecovery,
  scrapeJobRecovery,
  screenshotJobRecovery,
];

/** Units one run handles at most per kind; the next run takes the rest. */
const MAX_PER_RUN = 500;

export type RecoveryCounts = Record<string, { requeued: number; failed: number }>;

/**
 * Every 5 minutes (SCHEDULES): each stuck unit is queued again, up to MAX_RECOVERIES times,
 * after which it is failed as its dead-letter worker would fail it.
 */
export async function recoverySweep(
  units: readonly RecoverableUnit<unknown>[] = RECOVERABLE_UNITS,
  now: number = Date.now(),
): Promise<RecoveryCounts> {
  const counts: RecoveryCounts = {};
  for (const unit of units) {
    const tally = { requeued: 0, failed: 0 };
    for (const stuck of await unit.findStuck(now, MAX_PER_RUN)) {
      if (unit.recoveriesOf(stuck) >= MAX_RECOVERIES) {
        await unit.fail(stuck);
        tally.failed++;
      } else if (await unit.noteRecovery(stuck, now)) {
        await unit.requeue(stuck);
        tally.requeued++;
      }
    }
    counts[unit.kind] = tally;
  }
  logger().info('recovery sweep', { sweep: 'recovery', ...counts });
  return counts;
}
