import { cancelCallerCrawl, defineRoute } from '@webcapture/http';

export const handler = defineRoute('crawl-cancel', {}, ({ params, principal }) =>
  cancelCallerCrawl(principal, params.id as string),
);
