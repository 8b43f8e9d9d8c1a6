import { ApiError } from '@webcapture/errors';
import { defineRoute, jsonResponse } from '@webcapture/http';
import { getScrape } from '@webcapture/service';

export const handler = defineRoute('scrape-get', {}, async ({ params, principal }) => {
  const scrape = await getScrape(principal.accountId, params.id as string);
  if (!scrape) throw new ApiError('not_found', `No scrape ${params.id} on this account.`);
  return jsonResponse(200, scrape);
});
