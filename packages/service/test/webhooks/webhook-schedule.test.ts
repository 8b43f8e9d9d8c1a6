import { afterEach, describe, expect, it } from 'vitest';
import { QUEUES } from '../../src/queues';
import { DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS, webhookRetryDelays } from '../../src/webhooks/attempts';

const saved = process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
afterEach(() => {
  if (saved === undefined) delete process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
  else process.env.WEBHOOK_RETRY_DELAYS_SECONDS = saved;
});

describe('webhook retry schedule', () => {
  it('spans hours by default, and the queue redrives only after every attempt and then some', () => {
    delete process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
    const delays = webhookRetryDelays();
    expect(delays).toEqual(DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS);
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(24 * 3600);
    // One message is received once per attempt; each wait fits one visibility timeout (12 h).
    expect(Math.max(...delays)).toBeLessThanOrEqual(43_000);
    const webhooks = QUEUES.find((queue) => queue.name === 'webhooks');
    expect(webhooks?.maxReceiveCount).toBeGreaterThanOrEqual(3 * (delays.length + 1));
    expect(webhooks?.visibilityTimeoutSeconds).toBeGreaterThan(30); // the attempt lease
  });

  it('reads WEBHOOK_RETRY_DELAYS_SECONDS and refuses a malformed one', () => {
    process.env.WEBHOOK_RETRY_DELAYS_SECONDS = '1, 2,3';
    expect(webhookRetryDelays()).toEqual([1, 2, 3]);
    process.env.WEBHOOK_RETRY_DELAYS_SECONDS = '1,soon';
    expect(() => webhookRetryDelays()).toThrow(/WEBHOOK_RETRY_DELAYS_SECONDS/);
  });
});
