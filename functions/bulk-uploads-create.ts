import { bulkUploadBody, createUpload, defineRoute } from '@webcapture/http';

/** POST /v1/bulk/uploads: a pre-signed PUT for a bulk body above the 6 MB request limit. */
export const handler = defineRoute('bulk-uploads-create', { body: bulkUploadBody }, ({ body, principal }) =>
  createUpload(body.size_bytes, principal),
);
