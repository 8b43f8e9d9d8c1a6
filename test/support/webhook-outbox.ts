import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { scrapeBody, scrapeRequestFields, screenshotBody, screenshotJob } from '@webcapture/http';
import { createScreenshot, dynamoClient, newId, recordScrapeJob, tableName } from '@webcapture/service';
import { afterAll, beforeAll, expect } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../fixtures/site';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver';
import { api } from './api';
import { until } from './until';

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
  await recordScrapeJob(
    accountId,
    id,
    scrapeRequestFields(scrapeBody.parse({ async: true, ...body })),
    undefined,
  );
  return { accountId, id };
}

/**
 * A screenshot recorded as POST /v1/screenshots?async=true records it, without its queue message;
 * with `processing`, as the synchronous route records it before capturing.
 */
export async function pendingScreenshot(
  accountId: string,
  body: Record<string, unknown>,
  status: 'pending' | 'processing' = 'pending',
) {
  const request = screenshotBody.parse(body);
  const id = newId('ss');
  await createScreenshot({
    accountId,
    id,
    url: request.url,
    format: request.format,
    custom: request.custom,
    status,
    job: { ...screenshotJob(request) },
  });
  return { accountId, id };
}

export async function deliveriesOf(key: string) {
  const listed = await api('/v1/webhook-deliveries?limit=100', { key });
  expect(listed.status).toBe(200);
  return listed.json.data as Array<{ id: string; event: string; status: string; attempts: unknown[] }>;
}

export const secretOf = async (key: string) =>
  (await api('/v1/account/webhook-secret', { key })).json.secret as string;

/** The account's deliveries once there are `count` and none is pending. */
export function settledDeliveries(key: string, count: number) {
  return until(
    () => deliveriesOf(key),
    (list) => list.length === count && list.every((d) => d.status !== 'pending'),
    `${count} settled deliveries`,
  );
}

/** Ends a job record's claim lease (`sk`: `SCRAPE#…`, `SHOT#…`), as time does for a worker that died. */
export async function expireLease(accountId: string, sk: string) {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `ACCT#${accountId}`, sk },
      UpdateExpression: 'SET claim_until = :past',
      ExpressionAttributeValues: { ':past': Date.now() - 1 },
    }),
  );
}
