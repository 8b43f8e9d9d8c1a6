import { answerFetch, defineRoute, fetchBody, fetchPrecheck, fetchQueryToBody } from '@webcapture/http';

export const handler = defineRoute(
  'fetch-get',
  {
    body: fetchBody,
    input: (event) => fetchQueryToBody(event.queryStringParameters ?? {}),
    precheck: fetchPrecheck,
    metered: {},
  },
  answerFetch,
);
