import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { nowIso } from '../ids';
import { isConditionFailed } from '../transactions';
import { endFrontierItem } from './commit';
import { finishCrawlIfDone } from './events';
import { getCrawl } from './listing';
import { type Crawl, crawlKey } from './records';
import { frontierItemsIn } from './recovery';

/** How long a cancel ends queued URLs itself; workers end the rest as their messages arrive. */
const CANCEL_BUDGET_MS = 15_000;

/**
 * Cancels a queued or running crawl: from this write on no claim succeeds (every claim is
 * conditioned on the crawl running), so nothing new is fetched; pages in flight finish. Queued
 * URLs end `skipped (cancelled)`, unbilled — here within a budget, else when their message comes.
 * The crawl ends (crawl.cancelled) once its last page in flight has. An ended crawl is returned
 * unchanged.
 */
export async function cancelCrawl(accountId: string, id: string): Promise<Crawl | undefined> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: crawlKey(accountId, id),
        UpdateExpression: 'SET #status = :cancelled, cancelled_at = :now',
        ConditionExpression: '#status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':cancelled': 'cancelled',
          ':now': nowIso(),
          ':queued': 'queued',
          ':running': 'running',
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return getCrawl(accountId, id);
  }
  const deadline = Date.now() + CANCEL_BUDGET_MS;
  for await (const item of frontierItemsIn(id, ['queued'])) {
    if (Date.now() > deadline) break;
    const message = { accountId, crawlId: id, url: item.url as string };
    await endFrontierItem(message, { from: 'queued' }, { status: 'skipped', reason: 'cancelled' });
  }
  await finishCrawlIfDone(accountId, id);
  return getCrawl(accountId, id);
}
