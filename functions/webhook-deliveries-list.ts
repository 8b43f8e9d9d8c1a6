import { defineRoute, jsonResponse, listQuery } from '@webcapture/http';
import { listWebhookDeliveries } from '@webcapture/service';

export const handler = defineRoute(
  'webhook-deliveries-list',
  { query: listQuery },
  async ({ query, principal }) => jsonResponse(200, await listWebhookDeliveries(principal.accountId, query)),
);
