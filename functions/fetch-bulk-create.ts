import {
  BULK_DECLARED_LIMIT_BYTES,
  bulkBodyLimitAfterAuth,
  bulkBodyLimitsBeforeAuth,
  bulkUploadReference,
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
    bodyAlternative: bulkUploadReference,
  },
  ({ body, principal, event }) => submitBulkJob('fetch', body, principal, event),
);
