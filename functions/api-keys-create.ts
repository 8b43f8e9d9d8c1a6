import { createApiKeyBody, defineRoute, jsonResponse } from '@webcapture/http';
import { createApiKey, grantableScopes } from '@webcapture/service';

export const handler = defineRoute(
  'api-keys-create',
  { body: createApiKeyBody },
  async ({ body, principal }) => {
    const scopes = grantableScopes(principal, body.scopes);
    return jsonResponse(201, await createApiKey(principal.accountId, { name: body.name, scopes }));
  },
);
