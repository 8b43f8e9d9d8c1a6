import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, s3Client } from '../clients';
import { bucketName, tableName } from '../config';
import { signedContentUrl } from '../content-urls';
import { OBJECT_RETENTION } from '../object-retention';
import type { ScrapeError } from '../scrapes';

/** How long GET /v1/sitemap/{id} can read a sitemap job (and its stored URL list) back. */
export const SITEMAP_JOB_RETENTION_SECONDS = OBJECT_RETENTION.sitemaps.retentionSeconds;

export type SitemapJobStatus = 'queued' | 'processing' | 'completed' | 'failed';

/** What the job record keeps of a finished map: the counts, never the URL list (that is in S3). */
export interface SitemapSummary {
  urls: number;
  sitemaps: number;
  complete: boolean;
  cut?: string;
  /** The sitemaps' wire bytes, as billed. */
  billed_bytes: number;
}

/** GET /v1/sitemap/{id}. */
export interface SitemapJobView {
  id: string;
  status: SitemapJobStatus;
  url: string;
  created_at: string;
  completed_at: string | null;
  summary: SitemapSummary | null;
  /** The full answer ({urls, sitemaps, complete, cut}) as JSON, signed anew on every read, valid 600 s. */
  content_url: string | null;
  error: ScrapeError | null;
  custom: Record<string, unknown>;
}

/** A sitemap job's record, in its account's partition. */
export const sitemapJobKey = (accountId: string, id: string) => ({
  pk: `ACCT#${accountId}`,
  sk: `SITEMAP#${id}`,
});

const resultObjectKey = (accountId: string, id: string) =>
  `${OBJECT_RETENTION.sitemaps.prefix}${accountId}/${id}.json`;

/** The map's full answer, stored before the job ends so a completed job always has one. */
export async function putSitemapResult(accountId: string, id: string, answer: unknown): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucketName(),
      Key: resultObjectKey(accountId, id),
      Body: JSON.stringify(answer),
      ContentType: 'application/json',
    }),
  );
}

/** The stored answer itself (tests, and a webhook that inlines a small one). */
export async function getSitemapResult(accountId: string, id: string): Promise<unknown> {
  const object = await s3Client().send(
    new GetObjectCommand({ Bucket: bucketName(), Key: resultObjectKey(accountId, id) }),
  );
  return JSON.parse((await object.Body?.transformToString()) ?? 'null');
}

/**
 * The caller's own sitemap job, content_url signed now; another account's id is
 * indistinguishable from an unknown one.
 */
export async function getSitemapJob(accountId: string, id: string): Promise<SitemapJobView | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: sitemapJobKey(accountId, id) }),
  );
  if (!Item) return undefined;
  const completed = Item.status === 'completed';
  return {
    id: Item.id,
    status: Item.status,
    url: Item.url,
    created_at: Item.created_at,
    completed_at: Item.completed_at ?? null,
    summary: Item.summary ?? null,
    content_url: completed ? signedContentUrl(accountId, resultObjectKey(accountId, id)) : null,
    error: Item.error ?? null,
    custom: JSON.parse((Item.custom_json as string | undefined) ?? '{}'),
  };
}
