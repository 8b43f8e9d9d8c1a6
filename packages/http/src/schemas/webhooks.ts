import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '@webcapture/service';
import { z } from 'zod';
import { listQuery } from './api-keys';

/** GET /v1/webhook-deliveries: the listing's limit and cursor, plus one event and one status. */
export const webhookDeliveriesQuery = listQuery.extend({
  event: z.enum(WEBHOOK_EVENTS).optional().describe('Only deliveries of this event.'),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional().describe('Only deliveries in this status.'),
});
