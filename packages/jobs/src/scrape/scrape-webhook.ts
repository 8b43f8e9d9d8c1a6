import type { ScrapeRequestFields } from '@webcapture/scraping';
import type { OutboxDelivery, ScrapeError } from '@webcapture/service';
import { inlinedResult, jobWebhookDelivery } from '../job-runs';

/** The scrape.completed or scrape.failed delivery the request asked for, if any; `data` the envelope while small. */
export function scrapeWebhookDelivery(
  message: { accountId: string; id: string },
  request: ScrapeRequestFields,
  outcome: { envelope: unknown } | { error: ScrapeError },
): OutboxDelivery | undefined {
  const ended = 'envelope' in outcome ? { completed: inlinedResult(outcome.envelope) } : outcome;
  return jobWebhookDelivery(message, request, 'scrape', ended);
}
