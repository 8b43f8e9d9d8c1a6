import { defineRoute, emptyResponse } from '@webcapture/http';
import { presignedObjectUrl, verifyContentToken } from '@webcapture/service';

/** A signed content URL (image_url, content_url): 302 to a short-lived S3 pre-signed GET, or 401. */
export const handler = defineRoute('content-get', {}, async ({ params }) => {
  const object = verifyContentToken(params.token as string);
  return emptyResponse(302, { location: await presignedObjectUrl(object.key), 'cache-control': 'no-store' });
});
