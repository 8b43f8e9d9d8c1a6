import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, s3Client } from '../clients';
import { bucketName, tableName } from '../config';
import { nowIso } from '../ids';
import { OBJECT_RETENTION } from '../object-retention';

/** How long GET /v1/scrape/{id} can read a scrape back. */
export const SCRAPE_RETENTION_SECONDS = OBJECT_RETENTION.scrapes.retentionSeconds;

export type ScrapeStatus = 'queued' | 'processing' | 'completed' | 'failed';

export interface ScrapeError {
  code: string;
  message: string;
  http_status: number;
  details?: Record<string, unknown>;
}

export interface ScrapeRecord {
  id: string;
  status: ScrapeStatus;
  url: string;
  created_at: string;
  completed_at: string | null;
  error: ScrapeError | null;
}

/** A scrape's record, in its account's partition (queued jobs' too: jobs.ts). */
export const scrapeKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `SCRAPE#${id}` });
/** Where a scrape's envelope is stored: what a large result's content_url hands out. */
export const scrapeResultKey = (accountId: string, id: string) =>
  `${OBJECT_RETENTION.scrapes.prefix}${accountId}/${id}.json`;

/** Writes a scrape's record; `fields` says in which state. */
export function putScrapeRecord(
  accountId: string,
  id: string,
  fields: { url: string; status: ScrapeStatus; completed_at: string | null } & Record<string, unknown>,
) {
  return dynamoClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...scrapeKey(accountId, id),
        type: 'scrape',
        id,
        created_at: nowIso(),
        error: null,
        expiresAt: Math.floor(Date.now() / 1000) + SCRAPE_RETENTION_SECONDS,
        ...fields,
      },
    }),
  );
}

/** A synchronous scrape's envelope, kept so GET /v1/scrape/{id} can return it later. */
export async function saveCompletedScrape(accountId: string, id: string, url: string, envelope: unknown) {
  // In parallel: nobody can ask for this id before the response that names it has been sent.
  await Promise.all([
    putScrapeResult(accountId, id, envelope),
    putScrapeRecord(accountId, id, { url, status: 'completed', completed_at: nowIso() }),
  ]);
}

/** The scrape's envelope, in S3: what GET /v1/scrape/{id} returns once it completed. */
export async function putScrapeResult(accountId: string, id: string, envelope: unknown) {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucketName(),
      Key: scrapeResultKey(accountId, id),
      Body: JSON.stringify(envelope),
      ContentType: 'application/json',
    }),
  );
}

/** The caller's own scrape: another account's id is indistinguishable from an unknown one. */
export async function getScrape(
  accountId: string,
  id: string,
): Promise<(ScrapeRecord & { result?: unknown }) | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: scrapeKey(accountId, id) }),
  );
  if (!Item) return undefined;
  const record: ScrapeRecord = {
    id: Item.id,
    status: Item.status,
    url: Item.url,
    created_at: Item.created_at,
    completed_at: Item.completed_at ?? null,
    error: Item.error ?? null,
  };
  if (record.status !== 'completed') return record;
  const object = await s3Client().send(
    new GetObjectCommand({ Bucket: bucketName(), Key: scrapeResultKey(accountId, id) }),
  );
  return { ...record, result: JSON.parse((await object.Body?.transformToString()) ?? 'null') };
}
