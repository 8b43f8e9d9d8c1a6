import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, monitorKey, tableName } from '@webcapture/service';

/** Makes the monitor due a minute ago, as if its interval had passed; the due time its message carries. */
export async function makeDue(accountId: string, id: string) {
  const due = new Date(Date.now() - 60_000).toISOString();
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: monitorKey(accountId, id),
      UpdateExpression: 'SET next_check_at = :due',
      ExpressionAttributeValues: { ':due': due },
    }),
  );
  return due;
}
