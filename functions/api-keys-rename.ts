import { defineRoute, jsonResponse, renameApiKeyBody } from '@webcapture/http';
import { renameApiKey } from '@webcapture/service';

export const handler = defineRoute(
  'api-keys-rename',
  { body: renameApiKeyBody },
  async ({ body, params, principal }) =>
    jsonResponse(200, await renameApiKey(principal.accountId, params.id as string, body.name)),
);
