import { type Admission, DEFAULT_ESTIMATE_BYTES, rollback, setAccountOverrides } from '@webcapture/service';
import { describe, expect, it } from 'vitest';
import { admitQueuedWork } from '../packages/jobs/src/bulk/batch-admission';
import { newAccountWithKey } from './support/accounts';

/** Long enough for the waiter's backoff to have grown to 0.4–1.6 s between tries. */
const HOLD_MS = 1_500;

describe('queued work waiting for a bulk slot', () => {
  it('takes a slot freed in its process at once, never while the slot is still held', async () => {
    const { accountId } = await newAccountWithKey();
    // Concurrency 2: queued work gets one slot (half), so the second admission must wait.
    await setAccountOverrides(accountId, { concurrency: 2 });
    const work = { accountId, endpoint: '/v1/crawl', estimateBytes: DEFAULT_ESTIMATE_BYTES };
    const holder = await admitQueuedWork(work);
    expect(holder).not.toBe('busy');

    let admittedAt: number | undefined;
    const waiter = admitQueuedWork(work).then((admitted) => {
      admittedAt = Date.now();
      return admitted;
    });
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    expect(admittedAt).toBeUndefined();

    const releasedAt = Date.now();
    await rollback(holder as Admission);
    const admitted = await waiter;
    expect(admitted).not.toBe('busy');
    // Woken by the rollback: one admission write later, not after the rest of a backoff of up
    // to 1.6 s.
    expect((admittedAt ?? Number.POSITIVE_INFINITY) - releasedAt).toBeLessThan(400);
    await rollback(admitted as Admission);
  });
});
