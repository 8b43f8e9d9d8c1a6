import type { ScrapeRequestFields } from '@webcapture/scraping';
import { type OutboxDelivery, outboxDelivery, type ScrapeError } from '@webcapture/service';
import { inlinedResult } from '../job-runs';

/** The scrape.completed or scrape.failed delivery the request asked for, if any. */
export function scrapeWebhookDelivery(
  message: { accountId: string; id: string },
  request: ScrapeRequestFields,
  outcome: { envelope: unknown } | { error: ScrapeError },
): OutboxDelivery | undefined {
  const completed = 'envelope' in outcome;
  if (!request.webhook_url || !request.events.includes(completed ? 'completed' : 'failed')) return undefined;
  return outboxDelivery({
    accountId: message.accountId,
    url: request.webhook_url,
    event: completed ? 'scrape.completed' : 'scrape.failed',
    payload: {
      id: message.id,
      status: completed ? 'completed' : 'failed',
      url: request.url,
      result_url: `/v1/scrape/${message.id}`,
      ...('envelope' in outcome ? inlinedResult(outcome.envelope) : {}),
      ...('error' in outcome ? { error: outcome.error } : {}),
      custom: request.custom,
    },
  });
}
