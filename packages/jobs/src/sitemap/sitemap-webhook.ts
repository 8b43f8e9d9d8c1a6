import type { SiteMapAnswer, SitemapFields } from '@webcapture/scraping';
import {
  type OutboxDelivery,
  outboxDelivery,
  type ScrapeError,
  type SitemapSummary,
} from '@webcapture/service';
import { inlinedResult } from '../job-runs';

/**
 * The sitemap.completed or sitemap.failed delivery the request asked for (`events`, default
 * both), if any: the summary, the full answer inline while it is small (`data`), the caller's custom.
 */
export function sitemapWebhookDelivery(
  message: { accountId: string; id: string },
  request: SitemapFields,
  outcome: { answer: SiteMapAnswer; summary: SitemapSummary } | { error: ScrapeError },
): OutboxDelivery | undefined {
  const completed = 'answer' in outcome;
  const events = request.events ?? ['completed', 'failed'];
  if (!request.webhook_url || !events.includes(completed ? 'completed' : 'failed')) return undefined;
  return outboxDelivery({
    accountId: message.accountId,
    url: request.webhook_url,
    event: completed ? 'sitemap.completed' : 'sitemap.failed',
    payload: {
      id: message.id,
      status: completed ? 'completed' : 'failed',
      url: request.url,
      result_url: `/v1/sitemap/${message.id}`,
      ...('answer' in outcome ? { summary: outcome.summary, ...inlinedResult(outcome.answer) } : {}),
      ...('error' in outcome ? { error: outcome.error } : {}),
      custom: request.custom,
    },
  });
}
