import { defineRoute, jsonResponse, recordBilling, searchBody, webSearchOptions } from '@webcapture/http';
import { checkSearchConfigured, runWebSearch } from '@webcapture/scraping';
import { SEARCH_CREDIT_COST } from '@webcapture/service';

export const handler = defineRoute(
  'search',
  {
    body: searchBody,
    // Spec, Errors: field errors on /v1/search are 400, not 422.
    fieldErrorStatus: 400,
    precheck: checkSearchConfigured,
    metered: { creditCost: SEARCH_CREDIT_COST },
  },
  async ({ body, event, captureBudgetMs }) => {
    const budgetMs = captureBudgetMs(body.timeout_ms);
    const outcome = await runWebSearch(webSearchOptions(body, event.requestContext.timeEpoch, budgetMs));
    recordBilling(event, outcome.billing);
    return jsonResponse(200, outcome.body);
  },
);
