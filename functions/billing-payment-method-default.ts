import { defineRoute, jsonResponse } from '@webcapture/http';
import { setDefaultPaymentMethod } from '@webcapture/service';

export const handler = defineRoute('billing-payment-method-put', {}, async ({ params, principal }) =>
  jsonResponse(200, await setDefaultPaymentMethod(principal.accountId, params.id as string)),
);
