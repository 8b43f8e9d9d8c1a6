import { defineRoute, fetchBody, fetchCapture, fetchPrecheck } from '@webcapture/http';

export const handler = defineRoute(
  'fetch-post',
  { body: fetchBody, precheck: fetchPrecheck, metered: {} },
  ({ body, event }) => fetchCapture(body, event),
);
