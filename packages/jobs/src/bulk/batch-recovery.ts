import {
  loadBulkBatch,
  noteBulkRecovery,
  type StuckBulkBatch,
  sendBulkBatches,
  stuckBulkBatches,
} from '@webcapture/service';
import type { RecoverableUnit } from '../sweeps/recoverable-unit';
import { failDeadBatch } from './dead-batch';

/**
 * Bulk batches in the recovery sweep: one stuck is sent to its queue again (the claim makes a
 * message too many harmless); after MAX_RECOVERIES its items fail free, as the dead-letter worker
 * fails them, and the job ends.
 */
export const bulkBatchRecovery: RecoverableUnit<StuckBulkBatch> = {
  kind: 'bulk',
  findStuck: stuckBulkBatches,
  recoveriesOf: (stuck) => stuck.recoveries,
  noteRecovery: noteBulkRecovery,
  requeue: (stuck) => sendBulkBatches([stuck.ref]),
  async fail(stuck) {
    const message = await loadBulkBatch(stuck.ref);
    if (message) await failDeadBatch(message);
  },
};
