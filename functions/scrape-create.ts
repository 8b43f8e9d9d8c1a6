import {
  checkUrlFields,
  defineRoute,
  jsonResponse,
  needsRendering,
  scrapeBody,
  scrapeOptions,
} from '@webcapture/http';
import { scrapePage } from '@webcapture/scraping';
import { enqueueScrapeJob, newId, saveCompletedScrape } from '@webcapture/service';

export const handler = defineRoute(
  'scrape-create',
  { body: scrapeBody, precheck: checkUrlFields },
  async ({ body, principal }) => {
    const id = newId('sc');
    if (body.async || needsRendering(body)) {
      await enqueueScrapeJob(principal.accountId, id, body);
      return jsonResponse(202, { id, status: 'queued', url: body.url, poll_url: `/v1/scrape/${id}` });
    }
    const { envelope, cache } = await scrapePage(scrapeOptions(body, id));
    await saveCompletedScrape(principal.accountId, id, body.url, envelope);
    return jsonResponse(200, envelope, { 'x-cache': cache });
  },
);
