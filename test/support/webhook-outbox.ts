import { scrapeBody } from '@webcapture/http';
import { newId, recordScrapeJob } from '@webcapture/service';
import { afterAll, beforeAll, expect } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../fixtures/site';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver';
import { api } from './api';

/** The fixture site and an HTTPS webhook receiver, started for the test file and closed after it. */
export function useSiteAndReceiver(): { site: FixtureSite; receiver: WebhookReceiver } {
  const started = {} as { site: FixtureSite; receiver: WebhookReceiver };
  beforeAll(async () => {
    [started.site, started.receiver] = await Promise.all([startFixtureSite(), startWebhookReceiver()]);
  });
  afterAll(() => Promise.all([started.site.close(), started.receiver.close()]));
  return started;
}

/** Job hooks of a worker killed right after its commit, before it sends anything. */
export const killedAfterCommit = {
  afterCommit: () => {
    throw new Error('worker killed between commit and send');
  },
};

/** An async scrape recorded as POST /v1/scrape records it, without its queue message: the test delivers it. */
export async function queuedScrape(accountId: string, body: Record<string, unknown>) {
  const id = newId('sc');
  await recordScrapeJob(accountId, id, scrapeBody.parse({ async: true, ...body }), undefined);
  return { accountId, id };
}

export async function deliveriesOf(key: string) {
  const listed = await api('/v1/webhook-deliveries?limit=100', { key });
  expect(listed.status).toBe(200);
  return listed.json.data as Array<{ id: string; event: string; status: string; attempts: unknown[] }>;
}

export const secretOf = async (key: string) =>
  (await api('/v1/account/webhook-secret', { key })).json.secret as string;
