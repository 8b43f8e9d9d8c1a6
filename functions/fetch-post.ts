import { answerFetch, defineRoute, fetchBody, fetchPrecheck } from '@webcapture/http';

export const handler = defineRoute(
  'fetch-post',
  { body: fetchBody, precheck: fetchPrecheck, metered: {} },
  answerFetch,
);
