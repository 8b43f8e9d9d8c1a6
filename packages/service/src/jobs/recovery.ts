import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, sqsClient } from '../clients';
import { queueUrl, tableName } from '../config';
import { overdueUnits, recoveryIndexKeys } from '../recovery';
import { isConditionFailed } from '../transactions';

/**
 * Single queued jobs in the recovery sweep (issue 23): an async scrape and a screenshot handed to
 * its worker are one record each, waiting (`queued`, `pending`) until a worker claims it
 * (`processing`, under a lease: jobs/claims.ts) and ends it. Each stands in the recovery index
 * (`RECOVER#<kind>#<shard>`) from when it is queued until it ends, due a grace after its message
 * should have been taken, or after its worker's lease; one still waiting or held by an expired
 * lease then lost its message (a crash between the record's write and the send) or its worker.
 */
export interface SingleJobKind {
  /** The unit's name in the recovery index and the sweep's counts. */
  kind: 'scrape' | 'screenshot';
  /** The status a job waits for its worker in. */
  waiting: 'queued' | 'pending';
  /** Its record's sort key prefix, e.g. `SCRAPE#`. */
  skPrefix: string;
  /** The queue a record that names none is sent to. */
  defaultQueue: string;
}

/** A single job the recovery sweep found stuck, with how often it was recovered already. */
export interface StuckSingleJob {
  accountId: string;
  id: string;
  /** The queue its message goes to (a scrape needing a browser: scrape-render). */
  queue: string;
  recoveries: number;
}

/** The job's recovery-index attributes, expected to end (be claimed, or its lease run out) by `endsBy`. */
export function singleJobRecoveryKeys(
  kind: SingleJobKind['kind'],
  id: string,
  endsBy: number,
  recoveries = 0,
) {
  return recoveryIndexKeys(kind, id, endsBy, recoveries);
}

/** Jobs of `unit` overdue in the recovery index (at most `limit`) that are really stuck. */
export async function stuckSingleJobs(
  unit: SingleJobKind,
  now: number,
  limit: number,
): Promise<StuckSingleJob[]> {
  const stuck: StuckSingleJob[] = [];
  for (const key of await overdueUnits(unit.kind, now, limit)) {
    const { Item } = await dynamoClient().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    if (!Item || !key.sk.startsWith(unit.skPrefix)) continue;
    const expired = Item.status === 'processing' && Number(Item.claim_until ?? 0) < now;
    if (Item.status !== unit.waiting && !expired) continue;
    stuck.push({
      accountId: key.pk.slice('ACCT#'.length),
      id: key.sk.slice(unit.skPrefix.length),
      queue: (Item.queue as string | undefined) ?? unit.defaultQueue,
      recoveries: Number(Item.recoveries ?? 0),
    });
  }
  return stuck;
}

/**
 * Counts one more recovery of a stuck job and pushes its due time back (the wait doubling),
 * conditioned on the count the sweep read and on the job still being stuck: of two sweeps racing,
 * one sends it again, and a job a worker took meanwhile is left to it. False when it moved on.
 */
export async function noteSingleJobRecovery(
  unit: SingleJobKind,
  stuck: StuckSingleJob,
  now: number,
): Promise<boolean> {
  const due = singleJobRecoveryKeys(unit.kind, stuck.id, now, stuck.recoveries + 1);
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `ACCT#${stuck.accountId}`, sk: `${unit.skPrefix}${stuck.id}` },
        UpdateExpression: 'SET recoveries = :next, pending_due = :due',
        ConditionExpression:
          '(#status = :waiting OR (#status = :processing AND claim_until < :now)) AND ' +
          '(recoveries = :seen OR attribute_not_exists(recoveries))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':next': stuck.recoveries + 1,
          ':due': due.pending_due,
          ':waiting': unit.waiting,
          ':processing': 'processing',
          ':now': now,
          ':seen': stuck.recoveries,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Sends a single job's message (`{accountId, id}`, as its route sent it) to `queue` again. */
export async function sendSingleJobMessage(queue: string, accountId: string, id: string): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: queueUrl(queue), MessageBody: JSON.stringify({ accountId, id }) }),
  );
}
