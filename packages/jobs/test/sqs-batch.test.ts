import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonJobWorker, LeaveInQueue, sqsBatchHandler } from '../src/sqs-batch';

function sqsEvent(bodies: string[]): SQSEvent {
  return {
    Records: bodies.map(
      (body, i) => ({ messageId: `m${i}`, receiptHandle: `r${i}`, body }) as unknown as SQSRecord,
    ),
  };
}

const failedIds = (response: { batchItemFailures: { itemIdentifier: string }[] }) =>
  response.batchItemFailures.map((failure) => failure.itemIdentifier).sort();

describe('the SQS batch adapter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs JSON jobs one after another, in order, and fails only the records whose job threw', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
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
    const response = await worker(sqsEvent(['{"n":0}', '{"n":1}', '{"n":2}']));
    expect(ran).toEqual([0, 1, 2]);
    expect(failedIds(response)).toEqual(['m1']);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(errors.mock.calls[0]?.[0]))).toEqual({
      level: 'error',
      messageId: 'm1',
      error: 'Error: job 1 broke',
    });
  });

  it('answers every record when all of them fail, rather than throwing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const worker = jsonJobWorker(() => Promise.reject(new Error('down')));
    expect(failedIds(await worker(sqsEvent(['{}', '{}'])))).toEqual(['m0', 'm1']);
  });

  it('fails a record whose body is not JSON, alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const worker = jsonJobWorker(() => Promise.resolve());
    expect(failedIds(await worker(sqsEvent(['{}', 'not json', '{}'])))).toEqual(['m1']);
  });

  it('runs records side by side when asked, and leaves a record in the queue without logging an error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
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
    const response = await handler(sqsEvent(['now', 'later', 'now']));
    expect(most).toBe(3);
    expect(failedIds(response)).toEqual(['m1']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers an empty failure list when every record succeeded', async () => {
    const worker = jsonJobWorker(() => Promise.resolve());
    expect(await worker(sqsEvent(['{}']))).toEqual({ batchItemFailures: [] });
  });
});
