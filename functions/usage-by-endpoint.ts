import { defineRoute, jsonResponse, usageQuery } from '@webcapture/http';
import { usageByEndpoint } from '@webcapture/service';

export const handler = defineRoute('usage-by-endpoint', { query: usageQuery }, async ({ query, principal }) =>
  jsonResponse(200, await usageByEndpoint(principal.accountId, query)),
);
