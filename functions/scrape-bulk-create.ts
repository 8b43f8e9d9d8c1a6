import {
  BULK_DECLARED_LIMIT_BYTES,
  bulkBodyLimitAfterAuth,
  bulkBodyLimitsBeforeAuth,
  bulkUploadReference,
  defineRoute,
  scrapeBulkBody,
  scrapeBulkPrecheck,
  submitBulkJob,
} from '@webcapture/http';

export const handler = defineRoute(
  'scrape-bulk-create',
  {
    body: scrapeBulkBody,
    precheck: scrapeBulkPrecheck,
    bodyLimitBytes: BULK_DECLARED_LIMIT_BYTES,
    beforeAuth: bulkBodyLimitsBeforeAuth,
    afterAuth: bulkBodyLimitAfterAuth,
    bodyAlternative: bulkUploadReference,
  },
  ({ body, principal, event }) => submitBulkJob('scrape', body, principal, event),
);
