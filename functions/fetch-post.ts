import { defineRoute, fetchBody, fetchCapture, fetchPrecheck } from '@webcapture/http';

export const handler = defineRoute(
  'fetch-post',
  { body: fetchBody, precheck: fetchPrecheck, metered: {} },
  ({ body, event, captureBudgetMs }) => fetchCapture(body, event, captureBudgetMs(body.timeout_ms)),
);
