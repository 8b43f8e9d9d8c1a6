import { defineRoute, jsonResponse } from '@webcapture/http';
import { rotateWebhookSecret } from '@webcapture/service';

export const handler = defineRoute('webhook-secret-rotate', {}, async ({ principal }) =>
  jsonResponse(200, await rotateWebhookSecret(principal.accountId)),
);
