import type { ScrapeRequestFields } from '@webcapture/scraping';
import { type OutboxDelivery, outboxDelivery, type ScrapeError } from '@webcapture/service';

/** Webhook bodies carry the envelope while it stays small; larger results are fetched by id. */
const INLINE_RESULT_MAX_BYTES = 200 * 1024;

/** The scrape.completed or scrape.failed delivery the request asked for, if any. */
export function scrapeWebhookDelivery(
  message: { accountId: string; id: string },
  request: ScrapeRequestFields,
  outcome: { envelope: unknown } | { error: ScrapeError },
): OutboxDelivery | undefined {
  const completed = 'envelope' in outcome;
  if (!request.webhook_url || !request.events.includes(completed ? 'completed' : 'failed')) return undefined;
  const inline = completed && Buffer.byteLength(JSON.stringify(outcome.envelope)) <= INLINE_RESULT_MAX_BYTES;
  return outboxDelivery({
    accountId: message.accountId,
    url: request.webhook_url,
    event: completed ? 'scrape.completed' : 'scrape.failed',
    payload: {
      id: message.id,
      status: completed ? 'completed' : 'failed',
      url: request.url,
      result_url: `/v1/scrape/${message.id}`,
      ...(inline ? { data: outcome.envelope } : {}),
      ...('error' in outcome ? { error: outcome.error } : {}),
      custom: request.custom,
    },
  });
}
