import { setTimeout as sleep } from 'node:timers/promises';
import {
  BillingError,
  InvalidRequestError,
  type ScrapeResult,
  verifyWebhook,
  Webcapture,
  WebcaptureError,
  WebhookVerificationError,
} from '@webcapture/sdk';
import { setAccountOverrides, setSubscriptionStatus } from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FIXTURE_ARTICLE_TITLE, type FixtureSite, startFixtureSite } from './fixtures/site';
import { startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver';
import { newAccountWithKey } from './support/accounts';
import { until } from './support/until';

let site: FixtureSite;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [site, receiver] = await Promise.all([startFixtureSite(), startWebhookReceiver()]);
});
afterAll(() => Promise.all([site.close(), receiver.close()]));

/** A client on a fresh account; `requested` records every URL it sends, retries included. */
async function clientFor(options: { planId?: string; wait?: (seconds: number) => Promise<void> } = {}) {
  const { key, accountId } = await newAccountWithKey({ planId: options.planId ?? 'enterprise' });
  const requested: string[] = [];
  const client = new Webcapture({
    baseUrl: inject('baseUrl'),
    apiKey: key,
    jitter: 0,
    wait: options.wait,
    fetch: (request) => {
      requested.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
      return fetch(request);
    },
  });
  return { client, key, accountId, requested };
}

describe('@webcapture/sdk against the local runtime', () => {
  it('makes typed calls: a synchronous scrape answers the envelope with the Markdown asked for', async () => {
    const { client } = await clientFor();
    const answer = await client.scrape({ url: `${site.url}/html`, formats: ['markdown'], cache_ttl: 0 });
    expect('poll_url' in answer).toBe(false);
    const envelope = answer as ScrapeResult;
    expect(envelope.status).toBe('success');
    expect(envelope.scrapeId).toMatch(/^sc_/);
    expect(envelope.formats?.markdown).toContain(
      'This page exists so that tests have something real to fetch',
    );
    const account = await client.account();
    expect(account.plan?.id).toBe('enterprise');
  });

  it('raises the API’s errors as classes carrying the code', async () => {
    const { client } = await clientFor();
    const error = await client.scrape({ url: 'ftp://example.com/' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toBeInstanceOf(WebcaptureError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_url' });
  });

  it('waits out rate_limited with Retry-After and gets every answer', async () => {
    const waits: number[] = [];
    const { client, accountId } = await clientFor({
      planId: 'free',
      wait: async (seconds) => {
        waits.push(seconds);
        await sleep(seconds * 1000);
      },
    });
    await setAccountOverrides(accountId, { requests_per_second: 1, concurrency: 10 });
    const answers = await Promise.all(
      [1, 2, 3].map((i) => client.fetch({ url: `${site.url}/text?i=${i}`, cache_ttl: 0 })),
    );
    expect(answers.map((answer) => new TextDecoder().decode(answer.bytes).length > 0)).toEqual([
      true,
      true,
      true,
    ]);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits.every((seconds) => seconds >= 0 && seconds <= 1)).toBe(true);
  });

  it('backs off on internal_error, doubling from 1 s, then gives up with the error', async () => {
    const waits: number[] = [];
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const client = new Webcapture({
      baseUrl: inject('baseUrl'),
      apiKey: key,
      maxRetries: 3,
      jitter: 0,
      wait: async (seconds) => void waits.push(seconds),
    });
    const failure = client.scrape({ url: 'http://127.0.0.1:9/', cache_ttl: 0 });
    await expect(failure).rejects.toMatchObject({ status: 500, code: 'internal_error' });
    expect(waits).toEqual([1, 2, 4]);
  });

  it('never retries what must be fixed first', async () => {
    const waits: number[] = [];
    const { client, accountId } = await clientFor({ planId: 'free', wait: async (s) => void waits.push(s) });
    await setSubscriptionStatus(accountId, 'past_due');
    const error = await client.fetch({ url: `${site.url}/text` }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BillingError);
    expect(error).toMatchObject({ status: 402, code: 'billing_entitlement_impaired' });
    expect(waits).toEqual([]);
  });

  it('waits for a bulk job, pages through its items and downloads a result', async () => {
    const { client, requested } = await clientFor();
    const urls = [1, 2, 3, 4, 5].map((i) => `${site.url}/html?i=${i}`);
    const created = await client.bulkScrape({ urls, formats: ['markdown'] });
    const seen: number[] = [];
    const job = await client.waitFor(created, {
      intervalMs: 200,
      onProgress: (state) => seen.push(state.counts.completed),
    });
    expect(job.status).toBe('completed');
    expect(job.counts).toMatchObject({ total: 5, completed: 5 });
    expect(seen.at(-1)).toBe(5);

    const before = requested.length;
    const items = [];
    for await (const item of client.bulkItems(created, { limit: 2 })) items.push(item);
    expect(items.map((item) => item.index)).toEqual([0, 1, 2, 3, 4]);
    // Three pages of at most two, the second and third asked for with the previous page's cursor.
    const pages = requested.slice(before);
    expect(pages).toHaveLength(3);
    expect(pages.slice(1).every((url) => url.includes('cursor='))).toBe(true);

    const first = items[0];
    if (!first?.content_url) throw new Error('the first item has no content_url');
    const content = await client.download(first.content_url);
    expect(new TextDecoder().decode(content.bytes)).toContain(FIXTURE_ARTICLE_TITLE);

    const listed = [];
    for await (const summary of client.listBulk({ status: 'completed' })) listed.push(summary.id);
    expect(listed).toContain(created.id);
  });

  it('iterates a listing across pages', async () => {
    const { client } = await clientFor();
    for (const name of ['second', 'third', 'fourth']) await client.createApiKey(name);
    const names = [];
    for await (const key of client.listApiKeys({ limit: 2 })) names.push(key.name);
    expect(names.sort()).toEqual(['first', 'fourth', 'second', 'third']);
  });

  it('verifies a signed webhook, and refuses a tampered one', async () => {
    const { client } = await clientFor();
    const hook = receiver.endpoint();
    const queued = await client.scrape({
      url: `${site.url}/html`,
      async: true,
      webhook_url: hook,
      custom: { order: 42 },
    });
    if (!('poll_url' in queued)) throw new Error('an async scrape answers 202');
    const done = await client.waitFor(queued, { intervalMs: 200 });
    expect(done.status).toBe('completed');
    const [delivery] = await until(
      async () => receiver.received(hook),
      (list) => list.length > 0,
      'the scrape.completed webhook',
    );
    if (!delivery) throw new Error('no delivery');
    const secret = await client.webhookSecret();

    const payload = verifyWebhook<'scrape.completed'>(delivery.headers, delivery.body, secret);
    expect(payload).toMatchObject({ custom: { order: 42 } });

    const tampered = delivery.body.replace('42', '43');
    expect(() => verifyWebhook(delivery.headers, tampered, secret)).toThrow(WebhookVerificationError);
    expect(() =>
      verifyWebhook(delivery.headers, delivery.body, `whsec_${btoa('another secret of 32 bytes....')}`),
    ).toThrow(WebhookVerificationError);
  });
});
