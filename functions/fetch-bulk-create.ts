import {
  BULK_DECLARED_LIMIT_BYTES,
  bulkBodyLimitAfterAuth,
  bulkBodyLimitsBeforeAuth,
  defineRoute,
  fetchBulkBody,
  fetchBulkPrecheck,
  submitBulkJob,
} from '@webcapture/http';

export const handler = defineRoute(
  'fetch-bulk-create',
  {
    body: fetchBulkBody,
    precheck: fetchBulkPrecheck,
    bodyLimitBytes: BULK_DECLARED_LIMIT_BYTES,
    beforeAuth: bulkBodyLimitsBeforeAuth,
    afterAuth: bulkBodyLimitAfterAuth,
  },
  ({ body, principal, event }) => submitBulkJob('fetch', body, principal, event),
);
