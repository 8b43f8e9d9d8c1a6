import { answerSearch, defineRoute, searchBody, searchPrecheck } from '@webcapture/http';
import { SEARCH_CREDIT_COST } from '@webcapture/service';

export const handler = defineRoute(
  'search',
  {
    body: searchBody,
    // Spec, Errors: field errors on /v1/search are 400, not 422.
    fieldErrorStatus: 400,
    precheck: searchPrecheck,
    metered: { creditCost: SEARCH_CREDIT_COST },
  },
  answerSearch,
);
