import { nowIso } from '../ids';
import { overduePendingKeys } from './pending-index';

export { overduePendingKeys } from './pending-index';

/**
 * Recovery of stuck work (README, Bulk jobs: recovery; docs/architecture.md). A unit of queued
 * work (a bulk batch today; crawl pages and monitor checks as they land) sits in the sparse pending
 * index under `RECOVER#<unit>#<shard>` from the moment it is recorded until it ends, due when it
 * should have ended by: its creation (or release) plus the grace, or its claim's lease plus the
 * grace. One still there after that lost its message (a crash between the write and the send, a
 * message deleted, a local runtime killed) or its worker (killed after the message's receives
 * ran out): the recovery sweep queues it again, at most MAX_RECOVERIES times, then ends it as its
 * dead-letter worker would.
 */

/** Shards per unit kind: spreads the index's writes over partitions as the webhook entries do. */
export const RECOVERY_SHARDS = 8;

/** Times the sweep queues a unit again before it ends it as failed, as the dead-letter path does. */
export const MAX_RECOVERIES = 3;

/** RECOVERY_GRACE_SECONDS: how long past its expected end a unit may be before the sweep recovers it. */
export function recoveryGraceSeconds(): number {
  const raw = process.env.RECOVERY_GRACE_SECONDS;
  const seconds = raw === undefined ? 900 : Number(raw);
  if (!Number.isInteger(seconds) || seconds < 0) {
    throw new Error(`RECOVERY_GRACE_SECONDS must be whole seconds, got "${raw}"`);
  }
  return seconds;
}

/**
 * The pending index's attributes of a unit of kind `unit` (its id `id`) that is expected to have
 * ended by `endsBy` (epoch ms); the grace is added here. Each recovery doubles the wait, so a unit
 * that is merely slow to be picked up is not failed by a few sweeps in a row.
 */
export function recoveryIndexKeys(unit: string, id: string, endsBy: number, recoveries = 0) {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const waitMs = recoveryGraceSeconds() * 1000 * 2 ** recoveries;
  return {
    pending_pk: `RECOVER#${unit}#${hash % RECOVERY_SHARDS}`,
    pending_due: nowIso(new Date(endsBy + waitMs)),
  };
}

/** The keys of every unit of kind `unit` due by `now`, at most `limit`, shard by shard. */
export async function overdueUnits(
  unit: string,
  now: number,
  limit: number,
): Promise<{ pk: string; sk: string }[]> {
  const cutoff = nowIso(new Date(now));
  const found: { pk: string; sk: string }[] = [];
  for (let shard = 0; shard < RECOVERY_SHARDS && found.length < limit; shard++) {
    for await (const key of overduePendingKeys(`RECOVER#${unit}#${shard}`, cutoff)) {
      // The index also hands back its own keys: only the table's make a Key.
      found.push({ pk: key.pk, sk: key.sk });
      if (found.length >= limit) break;
    }
  }
  return found;
}
