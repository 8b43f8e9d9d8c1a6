import { answerScrapeGet, defineRoute } from '@webcapture/http';

export const handler = defineRoute('scrape-get', {}, answerScrapeGet);
