import { runScrapeJob, runScreenshotJob } from '@webcapture/jobs';
import { takeScreenshot } from '@webcapture/scraping/screenshots';
import { claimScrapeJob } from '@webcapture/service';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { newAccountWithKey } from './support/accounts';
import { api, apiUrl } from './support/api';
import {
  killedAfterCommit as crashAfterCommit,
  deliveriesOf as deliveries,
  expireLease,
  pendingScreenshot,
  queuedScrape,
  secretOf,
  settledDeliveries,
  useSiteAndReceiver,
} from './support/webhook-outbox';

vi.setConfig({ testTimeout: 90_000 });
const fixtures = useSiteAndReceiver();

describe('async scrape webhooks survive a worker killed between commit and send', () => {
  it('are recorded with the outcome, sent by the redelivered message, same webhook-id on every retry', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    // The receiver fails the first attempt: the retry must carry the same webhook-id.
    const target = fixtures.receiver.endpoint([500, 204]);
    const message = await queuedScrape(accountId, {
      url: `${fixtures.site.url}/html`,
      webhook_url: target,
      custom: { order: 11 },
    });

    await expect(runScrapeJob(message, undefined, crashAfterCommit)).rejects.toThrow('worker killed');
    // The job is done and its delivery recorded, though nothing was queued.
    expect((await api(`/v1/scrape/${message.id}`, { key })).json.status).toBe('completed');
    const [recorded] = await deliveries(key);
    expect(recorded).toMatchObject({ event: 'scrape.completed', status: 'pending', attempts: [] });
    expect(fixtures.receiver.received(target)).toHaveLength(0);

    // SQS brings the unacknowledged message back, more than once: the outbox is sent once.
    await runScrapeJob(message);
    await runScrapeJob(message);
    const [settled] = await settledDeliveries(key, 1);
    expect(settled).toMatchObject({ id: recorded?.id, status: 'delivered' });
    expect(settled?.attempts).toHaveLength(2);

    const hooks = fixtures.receiver.received(target);
    expect(hooks).toHaveLength(2);
    expect(hooks.map((hook) => hook.headers['webhook-id'])).toEqual([recorded?.id, recorded?.id]);
    const secret = await secretOf(key);
    for (const hook of hooks) {
      expect(new Webhook(secret).verify(hook.body, hook.headers)).toMatchObject({
        id: message.id,
        status: 'completed',
        custom: { order: 11 },
      });
    }
    // Another account's secret does not verify them.
    const other = await newAccountWithKey();
    const otherSecret = await secretOf(other.key);
    expect(() => new Webhook(otherSecret).verify(hooks[0]?.body ?? '', hooks[0]?.headers ?? {})).toThrow(
      /No matching signature/,
    );
  });

  it('a duplicate message while the job runs, or after it, sends the webhook once', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = fixtures.receiver.endpoint();
    // Nothing listens on port 1: the scrape fails (scrape.failed).
    const message = await queuedScrape(accountId, { url: 'http://127.0.0.1:1/', webhook_url: target });
    await Promise.all([runScrapeJob(message), runScrapeJob(message)]);
    await runScrapeJob(message);
    const [settled] = await settledDeliveries(key, 1);
    expect(settled).toMatchObject({ event: 'scrape.failed', status: 'delivered' });
    expect(fixtures.receiver.received(target)).toHaveLength(1);
    expect(fixtures.receiver.received(target)[0]?.headers['webhook-id']).toBe(settled?.id);
  });

  it('a job whose worker died mid-capture is taken over after its lease and ends with one webhook', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = fixtures.receiver.endpoint();
    const message = await queuedScrape(accountId, {
      url: `${fixtures.site.url}/html?takeover`,
      webhook_url: target,
    });
    // A worker claims the job and dies before it ends it.
    const claimed = await claimScrapeJob(accountId, message.id);
    expect('request' in claimed).toBe(true);
    // While its lease lasts, a redelivered message leaves the job alone.
    await runScrapeJob(message);
    expect((await api(`/v1/scrape/${message.id}`, { key })).json.status).toBe('processing');
    expect(await deliveries(key)).toHaveLength(0);
    // The lease runs out (as it does after the queue's visibility timeout): the next delivery takes over.
    await expireLease(accountId, `SCRAPE#${message.id}`);
    await runScrapeJob(message);
    expect((await api(`/v1/scrape/${message.id}`, { key })).json.status).toBe('completed');
    const [settled] = await settledDeliveries(key, 1);
    expect(settled).toMatchObject({ event: 'scrape.completed', status: 'delivered' });
    expect(fixtures.receiver.received(target)).toHaveLength(1);
  });
});

describe('async screenshot webhooks survive a worker killed between commit and send', () => {
  it('are recorded with the screenshot and sent once by the redelivered message', async () => {
    const { accountId, key } = await newAccountWithKey({ planId: 'enterprise' });
    const target = fixtures.receiver.endpoint();
    const message = await pendingScreenshot(accountId, {
      url: `${fixtures.site.url}/html`,
      webhook_url: target,
      custom: { shot: 1 },
    });
    const { id } = message;
    await expect(runScreenshotJob(message, takeScreenshot, crashAfterCommit)).rejects.toThrow(
      'worker killed',
    );
    const [recorded] = await deliveries(key);
    expect(recorded).toMatchObject({ event: 'screenshot.completed', status: 'pending', attempts: [] });

    await runScreenshotJob(message, takeScreenshot);
    await runScreenshotJob(message, takeScreenshot);
    const [settled] = await settledDeliveries(key, 1);
    expect(settled).toMatchObject({ id: recorded?.id, status: 'delivered' });
    const hooks = fixtures.receiver.received(target);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]?.headers['webhook-id']).toBe(recorded?.id);
    const payload = new Webhook(await secretOf(key)).verify(hooks[0]?.body ?? '', hooks[0]?.headers ?? {});
    expect(payload).toMatchObject({
      id,
      status: 'completed',
      custom: { shot: 1 },
      data: { id, status: 'completed', image_url: expect.stringContaining(apiUrl('/v1/content/')) },
    });
  });
});
