import { presignedObjectUrl, readObjectPart, verifyContentToken } from '@webcapture/service';
import { emptyResponse, type HttpResponse } from '../envelope';

/**
 * GET /v1/content/{token}, a signed content URL (image_url, content_url): 302 to a short-lived S3
 * pre-signed GET, or 401. A token naming a part of an object (a bulk item in its batch's pack) is
 * answered here: 200 with that byte range, read with a Range GetObject, under the item's own
 * content type.
 */
export async function answerContentUrl({
  params,
}: {
  params: Record<string, string>;
}): Promise<HttpResponse> {
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
}
