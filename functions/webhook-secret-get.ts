import { defineRoute, jsonResponse } from '@webcapture/http';
import { getWebhookSecret } from '@webcapture/service';

export const handler = defineRoute('webhook-secret-get', {}, async ({ principal }) =>
  jsonResponse(200, await getWebhookSecret(principal.accountId)),
);
