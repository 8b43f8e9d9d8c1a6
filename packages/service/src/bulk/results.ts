import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../clients';
import { bucketName } from '../config';
import { OBJECT_RETENTION } from '../object-retention';

/** Where item results live in the bucket; the lifecycle rule in stacks/storage.ts expires it. */
export const BULK_RESULT_PREFIX = OBJECT_RETENTION.bulk.prefix;

export function bulkResultKey(accountId: string, jobId: string, index: number): string {
  return `${BULK_RESULT_PREFIX}${accountId}/${jobId}/${index}`;
}

/**
 * A batch's pack: the results of its scrape and fetch items, one after another in one object, each
 * item recording its offset, length and content type. Keyed by the claim's token, so a batch run
 * again (redelivered, taken over after a lease) writes a pack of its own and never overwrites the
 * one a committed claim's items point into; a pack whose claim lost is never referenced and expires
 * with the bulk/ lifecycle rule.
 */
export function bulkPackKey(accountId: string, jobId: string, batch: number, token: string): string {
  return `${BULK_RESULT_PREFIX}${accountId}/${jobId}/batch-${batch}-${token}`;
}

/**
 * Results larger than this get an object of their own (served by redirect) instead of a place in
 * the pack: a part is answered through the content-get function, whose response Lambda caps at
 * 6 MB (base64 of about 4.5 MB).
 */
export const BULK_PACK_ITEM_MAX_BYTES = 4 * 1024 * 1024;

/** An item's result: the scrape envelope as JSON, or the fetched bytes with their content type. */
export async function putBulkResult(
  key: string,
  body: Uint8Array | string,
  contentType: string,
): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: body, ContentType: contentType }),
  );
}
