import { defineRoute, jsonResponse, listQuery } from '@webcapture/http';
import { listApiKeys } from '@webcapture/service';

export const handler = defineRoute('api-keys-list', { query: listQuery }, async ({ query, principal }) =>
  jsonResponse(200, await listApiKeys(principal.accountId, query)),
);
