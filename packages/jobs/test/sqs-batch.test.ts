import { inInvocation, logger } from '@webcapture/telemetry';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonJobWorker, LeaveInQueue, sqsBatchHandler } from '../src/sqs-batch';

function sqsEvent(bodies: string[]): SQSEvent {
  return {
    Records: bodies.map(
      (body, i) =>
        ({
          messageId: `m${i}`,
          receiptHandle: `r${i}`,
          body,
          eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:webcapture-test-jobs',
        }) as unknown as SQSRecord,
    ),
  };
}

/** A worker called as Lambda calls it: inside an invocation of its own. */
const invoke = (worker: (event: SQSEvent) => Promise<SQSBatchResponse>, event: SQSEvent) =>
  inInvocation('test-invocation', () => worker(event));

const failedIds = (response: { batchItemFailures: { itemIdentifier: string }[] }) =>
  response.batchItemFailures.map((failure) => failure.itemIdentifier).sort();

describe('the SQS batch adapter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs JSON jobs one after another, in order, and fails only the records whose job threw', async () => {
    const errors = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    const ran: number[] = [];
    let running = 0;
    const worker = jsonJobWorker(async ({ n }: { n: number }) => {
      running++;
      expect(running).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push(n);
      running--;
      if (n === 1) throw new Error('job 1 broke');
    });
    const response = await invoke(worker, sqsEvent(['{"n":0}', '{"n":1}', '{"n":2}']));
    expect(ran).toEqual([0, 1, 2]);
    expect(failedIds(response)).toEqual(['m1']);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[0]).toBe('queue job failed');
    expect(errors.mock.calls[0]?.[1]).toMatchObject({
      queue: 'webcapture-test-jobs',
      message_id: 'm1',
      error: new Error('job 1 broke'),
    });
  });

  it('answers every record when all of them fail, rather than throwing', async () => {
    vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    const worker = jsonJobWorker(() => Promise.reject(new Error('down')));
    expect(failedIds(await invoke(worker, sqsEvent(['{}', '{}'])))).toEqual(['m0', 'm1']);
  });

  it('fails a record whose body is not JSON, alone', async () => {
    vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    const worker = jsonJobWorker(() => Promise.resolve());
    expect(failedIds(await invoke(worker, sqsEvent(['{}', 'not json', '{}'])))).toEqual(['m1']);
  });

  it('runs records side by side when asked, and leaves a record in the queue without logging an error', async () => {
    const errors = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    let running = 0;
    let most = 0;
    const handler = sqsBatchHandler(
      async (record) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        if (record.body === 'later') throw new LeaveInQueue('not yet');
      },
      { inParallel: true },
    );
    const response = await invoke(handler, sqsEvent(['now', 'later', 'now']));
    expect(most).toBe(3);
    expect(failedIds(response)).toEqual(['m1']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers an empty failure list when every record succeeded', async () => {
    const worker = jsonJobWorker(() => Promise.resolve());
    expect(await invoke(worker, sqsEvent(['{}']))).toEqual({ batchItemFailures: [] });
  });
});
