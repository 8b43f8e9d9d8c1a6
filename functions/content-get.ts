import { defineRoute, emptyResponse } from '@webcapture/http';
import { presignedObjectUrl, readObjectPart, verifyContentToken } from '@webcapture/service';

/**
 * A signed content URL (image_url, content_url): 302 to a short-lived S3 pre-signed GET, or 401. A
 * token naming a part of an object (a bulk item in its batch's pack) is answered here: 200 with
 * that byte range, read with a Range GetObject, under the item's own content type.
 */
export const handler = defineRoute('content-get', {}, async ({ params }) => {
  const object = verifyContentToken(params.token as string);
  if (object.part) {
    const bytes = await readObjectPart(object.key, object.part);
    return {
      statusCode: 200,
      headers: {
        'content-type': object.part.type,
        'cache-control': 'no-store',
      },
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    };
  }
  return emptyResponse(302, { location: await presignedObjectUrl(object.key), 'cache-control': 'no-store' });
});
