import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../clients';
import { bucketName } from '../config';
import { OBJECT_RETENTION } from '../object-retention';

/** Where page results live in the bucket; the lifecycle rule in stacks/storage.ts expires it. */
export const CRAWL_RESULT_PREFIX = OBJECT_RETENTION.crawl.prefix;

/**
 * A page's scrape envelope, one object per URL: a page run again (taken over after a lease) writes
 * the same key with an equivalent envelope, so whichever claim commits points at a whole result.
 */
export function crawlResultKey(accountId: string, crawlId: string, url: string): string {
  const name = createHash('sha256').update(url).digest('hex').slice(0, 40);
  return `${CRAWL_RESULT_PREFIX}${accountId}/${crawlId}/${name}.json`;
}

export async function putCrawlResult(key: string, envelope: unknown): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucketName(),
      Key: key,
      Body: JSON.stringify(envelope),
      ContentType: 'application/json',
    }),
  );
}
