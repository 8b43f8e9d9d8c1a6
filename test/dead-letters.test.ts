import { GetQueueUrlCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { scrapeBody, scrapeRequestFields } from '@webcapture/http';
import { failDeadScrapeJob, failDeadScreenshot } from '@webcapture/jobs';
import {
  admit,
  claimScrapeJob,
  newId,
  quotaUsage,
  recordScrapeJob,
  setAccountOverrides,
  sqsClient,
} from '@webcapture/service';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { until } from './support/until';
import {
  expireLease,
  pendingScreenshot,
  queuedScrape,
  secretOf,
  settledDeliveries,
  useSiteAndReceiver,
} from './support/webhook-outbox';

vi.setConfig({ testTimeout: 90_000 });
const fixtures = useSiteAndReceiver();

const WORKER_DIED = {
  code: 'internal_error',
  http_status: 500,
  details: { reason: 'worker_died' },
  message: expect.stringContaining('nothing was charged'),
};

describe('dead-letter workers end what crashed workers left', () => {
  it('an async scrape whose workers all died ends failed, its slot freed, nothing billed, one scrape.failed', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    // One slot: the job's admission holds it until the job ends.
    await setAccountOverrides(accountId, { concurrency: 1 });
    const target = fixtures.receiver.endpoint();
    const id = newId('sc');
    const request = scrapeRequestFields(
      scrapeBody.parse({ async: true, url: `${fixtures.site.url}/html`, webhook_url: target }),
    );
    await recordScrapeJob(accountId, id, request, await admit({ accountId, endpoint: '/v1/scrape' }));
    const message = { accountId, id };

    // A worker claims the job and dies. While its lease lasts, the dead letter leaves the job alone.
    expect('request' in (await claimScrapeJob(accountId, id))).toBe(true);
    await expect(failDeadScrapeJob(message)).rejects.toThrow('still held by a live worker');
    expect((await api(`/v1/scrape/${id}`, { key })).json.status).toBe('processing');

    await expireLease(accountId, `SCRAPE#${id}`);
    await failDeadScrapeJob(message);
    // Redelivered dead letters change nothing.
    await failDeadScrapeJob(message);
    const ended = await api(`/v1/scrape/${id}`, { key });
    expect(ended.json).toMatchObject({ status: 'failed', error: WORKER_DIED });
    expect((await quotaUsage(accountId)).settled_bytes).toBe(0);
    // The slot is free again: a new request is admitted on the one-slot account.
    await expect(admit({ accountId, endpoint: '/v1/scrape' })).resolves.toBeDefined();

    const [settled] = await settledDeliveries(key, 1);
    expect(settled).toMatchObject({ event: 'scrape.failed', status: 'delivered' });
    const hooks = fixtures.receiver.received(target);
    expect(hooks).toHaveLength(1);
    expect(
      new Webhook(await secretOf(key)).verify(hooks[0]?.body ?? '', hooks[0]?.headers ?? {}),
    ).toMatchObject({ id, status: 'failed', error: WORKER_DIED });
  });

  it('a screenshot whose message was dead-lettered before any worker claimed it ends failed with screenshot.failed', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = fixtures.receiver.endpoint();
    const { id } = await pendingScreenshot(accountId, {
      url: `${fixtures.site.url}/html`,
      webhook_url: target,
    });
    await failDeadScreenshot({ accountId, id });
    const ended = await api(`/v1/screenshots/${id}`, { key });
    expect(ended.json).toMatchObject({ status: 'failed', image_url: null, error: WORKER_DIED });
    expect((await quotaUsage(accountId)).settled_bytes).toBe(0);
    const [settled] = await settledDeliveries(key, 1);
    expect(settled).toMatchObject({ event: 'screenshot.failed', status: 'delivered' });
  });

  it('the local runtime drains a dead-letter queue into its dead-letter worker', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const message = await queuedScrape(accountId, { url: `${fixtures.site.url}/html` });
    // What SQS does after the last receive its workers died on: the message moves to the DLQ.
    const { QueueUrl } = await sqsClient().send(new GetQueueUrlCommand({ QueueName: 'scrape-jobs-dlq' }));
    await sqsClient().send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify(message) }));
    const ended = await until(
      () => api(`/v1/scrape/${message.id}`, { key }),
      (response) => response.json.status !== 'queued',
      'the dead-lettered scrape to end',
    );
    expect(ended.json).toMatchObject({ status: 'failed', error: WORKER_DIED });
  });
});
