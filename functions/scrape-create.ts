import { answerScrape, defineRoute, scrapeBody, scrapePrecheck } from '@webcapture/http';

export const handler = defineRoute(
  'scrape-create',
  { body: scrapeBody, precheck: scrapePrecheck, metered: {} },
  answerScrape,
);
