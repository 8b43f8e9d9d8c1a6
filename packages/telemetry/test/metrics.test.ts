import { Metrics } from '@aws-lambda-powertools/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countAdmissionRefusal,
  countCapture,
  countQueueJob,
  countWebhookAttempt,
  metrics,
} from '../src/metrics';

afterEach(() => {
  vi.restoreAllMocks();
  metrics().clearMetrics();
  metrics().clearDimensions();
});

/** The EMF document a flush would print, as CloudWatch reads it. */
function emf(instance: Metrics) {
  const document = instance.serializeMetrics();
  const [directive] = document._aws.CloudWatchMetrics;
  return { directive, values: document as unknown as Record<string, unknown> };
}

describe('per-request counters', () => {
  it('counts a capture by endpoint and outcome into the invocation, for logMetrics to flush', () => {
    countCapture('/v1/scrape', 'succeeded');
    const { directive, values } = emf(metrics());
    expect(directive).toMatchObject({
      Namespace: 'webcapture',
      Dimensions: [['service', 'endpoint', 'outcome']],
      Metrics: [{ Name: 'Captures', Unit: 'Count' }],
    });
    expect(values).toMatchObject({
      service: 'webcapture',
      endpoint: '/v1/scrape',
      outcome: 'succeeded',
      Captures: 1,
    });
  });

  it('counts an admission refusal by endpoint and reason', () => {
    countAdmissionRefusal('/v1/fetch', 'rate_limited');
    const { directive, values } = emf(metrics());
    expect(directive?.Metrics).toEqual([{ Name: 'AdmissionRefusals', Unit: 'Count' }]);
    expect(values).toMatchObject({ endpoint: '/v1/fetch', reason: 'rate_limited', AdmissionRefusals: 1 });
  });
});

describe('per-record counters', () => {
  /** Each count is its own single-metric instance that flushes at once: capture what it would print. */
  function captureSingleMetrics() {
    const printed: ReturnType<typeof emf>[] = [];
    vi.spyOn(Metrics.prototype, 'publishStoredMetrics').mockImplementation(function (this: Metrics) {
      printed.push(emf(this));
      this.clearMetrics();
      return this;
    });
    return printed;
  }

  it('writes each queue job outcome on its own, so one batch can hold several outcomes', () => {
    const printed = captureSingleMetrics();
    countQueueJob('scrape-jobs', 'succeeded');
    countQueueJob('scrape-jobs', 'failed');
    expect(printed.map(({ values }) => [values.queue, values.outcome, values.QueueJobs])).toEqual([
      ['scrape-jobs', 'succeeded', 1],
      ['scrape-jobs', 'failed', 1],
    ]);
    expect(printed[0]?.directive?.Dimensions).toEqual([['service', 'queue', 'outcome']]);
    expect(metrics().hasStoredMetrics()).toBe(false);
  });

  it('writes each webhook attempt by result', () => {
    const printed = captureSingleMetrics();
    countWebhookAttempt('gone');
    expect(printed).toHaveLength(1);
    expect(printed[0]?.values).toMatchObject({ service: 'webcapture', result: 'gone', WebhookAttempts: 1 });
  });
});
