import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../clients';
import { bucketName } from '../config';
import { OBJECT_RETENTION } from '../object-retention';

/** A check's snapshot (what content_url hands out): the compared markdown, or the extracted data as JSON. */
export function checkSnapshotKey(
  accountId: string,
  monitorId: string,
  checkId: string,
  json: boolean,
): string {
  return `${OBJECT_RETENTION.monitorChecks.prefix}${accountId}/${monitorId}/${checkId}.${json ? 'json' : 'md'}`;
}

/** A baseline, keyed by the check that set it: a check that loses its claim never overwrites the one in use. */
export function baselineKey(accountId: string, monitorId: string, checkId: string): string {
  return `${OBJECT_RETENTION.monitorBaselines.prefix}${accountId}/${monitorId}/${checkId}.json`;
}

export async function putMonitorObject(key: string, body: string, contentType: string): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: body, ContentType: contentType }),
  );
}

/** A stored baseline, or undefined when it has expired (the next check learns a new one). */
export async function readBaseline<T>(key: string): Promise<T | undefined> {
  try {
    const { Body } = await s3Client().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
    return JSON.parse((await Body?.transformToString('utf8')) ?? 'null') as T;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}
