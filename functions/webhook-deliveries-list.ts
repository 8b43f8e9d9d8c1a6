import { defineRoute, jsonResponse, webhookDeliveriesQuery } from '@webcapture/http';
import { listWebhookDeliveries } from '@webcapture/service';

export const handler = defineRoute(
  'webhook-deliveries-list',
  { query: webhookDeliveriesQuery },
  async ({ query, principal }) => jsonResponse(200, await listWebhookDeliveries(principal.accountId, query)),
);
