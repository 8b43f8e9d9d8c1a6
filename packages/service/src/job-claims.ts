import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from './clients';
import { tableName } from './config';

/**
 * Moves a job record from status `from` to `processing` and returns the record; undefined when
 * it was not in `from` — another delivery of the same SQS message (at-least-once) took it first,
 * which keeps queue workers idempotent.
 */
export async function claimJobRecord(
  key: { pk: string; sk: string },
  from: string,
): Promise<Record<string, unknown> | undefined> {
  try {
    const { Attributes } = await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #status = :processing',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':from': from },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}
