import {
  type Admission,
  announceSlotFreed,
  DEFAULT_ESTIMATE_BYTES,
  rollback,
  setAccountOverrides,
  untilSlotFreed,
} from '@webcapture/service';
import { describe, expect, it } from 'vitest';
import { admitQueuedWork } from '../packages/jobs/src/bulk/batch-admission';
import { newAccountWithKey } from './support/accounts';

/** Longer than any test: a wait that only a freed slot can end (the test times out otherwise). */
const FOREVER_MS = 3_600_000;

/** Lets pending promise callbacks run, so a resolved wait has set its flag. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('queued work waiting for a bulk slot', () => {
  it('never takes a slot while it is held, and takes it once the holder rolls back', async () => {
    const { accountId } = await newAccountWithKey();
    // Concurrency 2: queued work gets one slot (half), so the second admission must wait.
    await setAccountOverrides(accountId, { concurrency: 2 });
    const work = { accountId, endpoint: '/v1/crawl', estimateBytes: DEFAULT_ESTIMATE_BYTES };
    const holder = await admitQueuedWork(work);
    expect(holder).not.toBe('busy');

    let admitted = false;
    const waiter = admitQueuedWork(work).then((result) => {
      admitted = true;
      return result;
    });
    // Long enough for several of the waiter's tries (its backoff starts at 0.1-0.2 s).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(admitted).toBe(false);

    await rollback(holder as Admission);
    const result = await waiter;
    expect(result).not.toBe('busy');
    await rollback(result as Admission);
  });

  it('a rollback wakes a waiter of its account at once, not at the end of its backoff', async () => {
    const { accountId } = await newAccountWithKey();
    const admission = await admitQueuedWork({
      accountId,
      endpoint: '/v1/crawl',
      estimateBytes: DEFAULT_ESTIMATE_BYTES,
    });
    expect(admission).not.toBe('busy');
    const woken = untilSlotFreed(accountId, FOREVER_MS);
    await rollback(admission as Admission);
    await woken;
  });

  it('a freed slot wakes one waiter, the oldest, and only of its own account', async () => {
    const order: string[] = [];
    const first = untilSlotFreed('acct_a', FOREVER_MS).then(() => order.push('first'));
    const second = untilSlotFreed('acct_a', FOREVER_MS).then(() => order.push('second'));
    const other = untilSlotFreed('acct_b', FOREVER_MS).then(() => order.push('other'));

    announceSlotFreed('acct_a');
    await first;
    await settled();
    expect(order).toEqual(['first']);

    announceSlotFreed('acct_a');
    await second;
    announceSlotFreed('acct_b');
    await other;
    expect(order).toEqual(['first', 'second', 'other']);
  });
});
