import { defineRoute, emptyResponse } from '@webcapture/http';
import { detachPaymentMethod } from '@webcapture/service';

export const handler = defineRoute('billing-payment-method-delete', {}, async ({ params, principal }) => {
  await detachPaymentMethod(principal.accountId, params.id as string);
  return emptyResponse(204);
});
