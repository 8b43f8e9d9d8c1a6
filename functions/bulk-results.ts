import { bulkResultsHandler } from '@webcapture/http';

/**
 * GET /v1/scrape/bulk/{id}/results, GET /v1/fetch/bulk/{id}/results and GET /v1/bulk/{id}/results:
 * a finished job's completed items as one signed download.
 */
export const handler = bulkResultsHandler();
