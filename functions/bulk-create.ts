import { bulkSubmissionHandler } from '@webcapture/http';

/**
 * POST /v1/scrape/bulk, POST /v1/fetch/bulk and POST /v1/bulk (the bulk screenshot job): one
 * path, parameterised by kind and body schema; records the job and queues its batches.
 */
export const handler = bulkSubmissionHandler();
