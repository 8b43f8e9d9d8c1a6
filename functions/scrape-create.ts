import { answerScrape, checkUrlFields, defineRoute, scrapeBody } from '@webcapture/http';

export const handler = defineRoute(
  'scrape-create',
  { body: scrapeBody, precheck: checkUrlFields, metered: {} },
  answerScrape,
);
