import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { TABLE_SCHEMA } from '../table-schema';

/**
 * The keys of one partition of the sparse pending index (table-schema.ts) due at `cutoff` or
 * before, oldest first, a page at a time: a Query, never a scan of the table.
 */
export async function* overduePendingKeys(partition: string, cutoff: string) {
  const { name, partitionKey, sortKey } = TABLE_SCHEMA.pendingIndex;
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items, LastEvaluatedKey } = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: name,
        KeyConditionExpression: '#pk = :pk AND #due <= :cutoff',
        ExpressionAttributeNames: { '#pk': partitionKey, '#due': sortKey },
        ExpressionAttributeValues: { ':pk': partition, ':cutoff': cutoff },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of Items ?? []) yield item as { pk: string; sk: string };
    startKey = LastEvaluatedKey;
  } while (startKey);
}
