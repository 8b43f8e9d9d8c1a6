import {
  noteSingleJobRecovery,
  type SingleJobKind,
  type StuckSingleJob,
  sendSingleJobMessage,
  stuckSingleJobs,
} from '@webcapture/service';
import type { RecoverableUnit } from './recoverable-unit';

/**
 * A kind of single queued job (an async scrape, a screenshot) in the recovery sweep: one stuck is
 * sent to its queue again (its worker's claim makes a message too many harmless); after
 * MAX_RECOVERIES it is ended by `failDead`, its dead-letter worker's ending: failed, its admission
 * rolled back, its failure webhook sent.
 */
export function singleJobRecovery(
  unit: SingleJobKind,
  failDead: (message: { accountId: string; id: string }) => Promise<void>,
): RecoverableUnit<StuckSingleJob> {
  return {
    kind: unit.kind,
    findStuck: (now, limit) => stuckSingleJobs(unit, now, limit),
    recoveriesOf: (stuck) => stuck.recoveries,
    noteRecovery: (stuck, now) => noteSingleJobRecovery(unit, stuck, now),
    requeue: (stuck) => sendSingleJobMessage(stuck.queue, stuck.accountId, stuck.id),
    fail: (stuck) => failDead({ accountId: stuck.accountId, id: stuck.id }),
  };
}
