import { defineRoute, emptyResponse } from '@webcapture/http';
import { revokeApiKey } from '@webcapture/service';

export const handler = defineRoute('api-keys-revoke', {}, async ({ params, principal }) => {
  await revokeApiKey(principal.accountId, params.id as string);
  return emptyResponse(204);
});
