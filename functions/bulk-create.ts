import {
  BULK_DECLARED_LIMIT_BYTES,
  bulkBodyLimitAfterAuth,
  bulkBodyLimitsBeforeAuth,
  bulkUploadReference,
  defineRoute,
  screenshotBulkBody,
  screenshotBulkPrecheck,
  submitBulkJob,
} from '@webcapture/http';

/** POST /v1/bulk: the bulk screenshot job (README, Bulk jobs: why this route is the screenshot job). */
export const handler = defineRoute(
  'bulk-create',
  {
    body: screenshotBulkBody,
    precheck: screenshotBulkPrecheck,
    bodyLimitBytes: BULK_DECLARED_LIMIT_BYTES,
    beforeAuth: bulkBodyLimitsBeforeAuth,
    afterAuth: bulkBodyLimitAfterAuth,
    bodyAlternative: bulkUploadReference,
  },
  ({ body, principal, event }) => submitBulkJob('screenshot', body, principal, event),
);
