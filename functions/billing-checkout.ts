import { checkoutBody, defineRoute, fieldErrorsAre400, jsonResponse } from '@webcapture/http';
import { createCheckoutSession } from '@webcapture/service';

export const handler = defineRoute(
  'billing-checkout',
  { body: checkoutBody, precheck: fieldErrorsAre400(checkoutBody) },
  async ({ body, principal }) => jsonResponse(200, await createCheckoutSession(principal.accountId, body)),
);
