/**
 * A kind of queued work the recovery sweep looks after (issue 23). To add one (crawl pages,
 * monitor checks):
 * 1. keep each unit in the recovery index while it has not ended: `recoveryIndexKeys(kind, id,
 *    endsBy)` (service/src/recovery) written with the unit, again on each claim (endsBy: its lease)
 *    and release, and `REMOVE pending_pk, pending_due` in the write that ends it;
 * 2. give it a RecoverableUnit (storage in service/src/<feature>, the rest beside its worker) and
 *    a row in RECOVERABLE_UNITS (recovery-sweep.ts); grant the sweep what it calls (stacks/access.ts).
 * Queueing a unit again must be harmless when its message was in fact alive: its worker's
 * conditional claim makes the extra message a no-op.
 */
export interface RecoverableUnit<Stuck> {
  /** The unit's name in the logs and the sweep's counts (and its `RECOVER#<kind>` index partitions). */
  kind: string;
  /** Units overdue in the index that are really stuck (queued with no message, or past their lease). */
  findStuck(now: number, limit: number): Promise<Stuck[]>;
  recoveriesOf(stuck: Stuck): number;
  /** Counts a recovery and pushes its next due time back; false when the unit moved on meanwhile. */
  noteRecovery(stuck: Stuck, now: number): Promise<boolean>;
  /** Sends its message again. */
  requeue(stuck: Stuck): Promise<void>;
  /** Ends it as its dead-letter worker does: failed, never billed, its failure webhooks sent. */
  fail(stuck: Stuck): Promise<void>;
}
