import type { SiteMapAnswer, SitemapFields } from '@webcapture/scraping';
import type { OutboxDelivery, ScrapeError, SitemapSummary } from '@webcapture/service';
import { inlinedResult, jobWebhookDelivery } from '../job-runs';

/**
 * The sitemap.completed or sitemap.failed delivery the request asked for (`events`, default
 * both), if any: the summary, the full answer inline while it is small (`data`), the caller's custom.
 */
export function sitemapWebhookDelivery(
  message: { accountId: string; id: string },
  request: SitemapFields,
  outcome: { answer: SiteMapAnswer; summary: SitemapSummary } | { error: ScrapeError },
): OutboxDelivery | undefined {
  const ended =
    'answer' in outcome
      ? { completed: { summary: outcome.summary, ...inlinedResult(outcome.answer) } }
      : outcome;
  return jobWebhookDelivery(message, request, 'sitemap', ended);
}
