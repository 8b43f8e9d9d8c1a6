import {
  admissionOf,
  checkUrlFields,
  deferSettlement,
  defineRoute,
  jsonResponse,
  recordBilling,
  scrapeBody,
} from '@webcapture/http';
import { needsRendering, scrapeBilling, scrapeOptions, scrapePage } from '@webcapture/scraping';
import { enqueueScrapeJob, newId, saveCompletedScrape } from '@webcapture/service';

export const handler = defineRoute(
  'scrape-create',
  { body: scrapeBody, precheck: checkUrlFields, metered: {} },
  async ({ body, principal, event, captureBudgetMs }) => {
    const id = newId('sc');
    const rendered = needsRendering(body);
    if (body.async || rendered) {
      // The job settles its own admission when it has run; its slot stays held until then.
      const queue = rendered ? 'scrape-render' : 'scrape-jobs';
      await enqueueScrapeJob(principal.accountId, id, body, admissionOf(event), queue);
      deferSettlement(event);
      return jsonResponse(202, { id, status: 'queued', url: body.url, poll_url: `/v1/scrape/${id}` });
    }
    const { envelope, cache } = await scrapePage({
      ...scrapeOptions(body, id),
      timeoutMs: captureBudgetMs(body.timeout_ms),
    });
    recordBilling(event, scrapeBilling(body, envelope, cache));
    await saveCompletedScrape(principal.accountId, id, body.url, envelope);
    return jsonResponse(200, envelope, { 'x-cache': cache });
  },
);
