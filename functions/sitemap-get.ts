import { answerSitemapJob, defineRoute } from '@webcapture/http';

/** A sitemap job (POST /v1/sitemap with webhook_url); content_url is signed anew on each read. */
export const handler = defineRoute('sitemap-get', {}, ({ params, principal }) =>
  answerSitemapJob(principal.accountId, params.id as string),
);
