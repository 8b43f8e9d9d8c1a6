import { defineRoute, fetchBody, fetchCapture, fetchPrecheck, fetchQueryToBody } from '@webcapture/http';

export const handler = defineRoute(
  'fetch-get',
  {
    body: fetchBody,
    input: (event) => fetchQueryToBody(event.queryStringParameters ?? {}),
    precheck: fetchPrecheck,
    metered: {},
  },
  ({ body, event, captureBudgetMs }) => fetchCapture(body, event, captureBudgetMs(body.timeout_ms)),
);
