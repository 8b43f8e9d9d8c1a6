import { defineRoute, jsonResponse } from '@webcapture/http';
import { listPaymentMethods } from '@webcapture/service';

export const handler = defineRoute('billing-payment-methods-list', {}, async ({ principal }) =>
  jsonResponse(200, { data: await listPaymentMethods(principal.accountId) }),
);
