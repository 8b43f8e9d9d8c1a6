import { defineRoute, jsonResponse } from '@webcapture/http';
import { redeliverWebhook } from '@webcapture/service';

export const handler = defineRoute('webhook-deliveries-redeliver', {}, async ({ params, principal }) =>
  jsonResponse(202, await redeliverWebhook(principal.accountId, params.id as string)),
);
