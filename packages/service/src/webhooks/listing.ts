import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { decodeCursor, encodeCursor, type Page } from '../pagination';
import {
  deliveryView,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from './deliveries';

export interface WebhookDeliveryFilter {
  limit: number;
  cursor?: string;
  event?: WebhookEvent;
  status?: WebhookDeliveryStatus;
}

/** Query pages read per listing call at most; a filtered page may then hold fewer than `limit`. */
const MAX_PAGES_PER_LISTING = 10;

export async function listWebhookDeliveries(
  accountId: string,
  options: WebhookDeliveryFilter,
): Promise<Page<WebhookDelivery>> {
  const listing = { pk: `ACCT#${accountId}`, skPrefix: 'WHD#' };
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': listing.pk, ':prefix': listing.skPrefix };
  const names: Record<string, string> = {};
  if (options.event) {
    filters.push('#event = :event');
    names['#event'] = 'event';
    values[':event'] = options.event;
  }
  if (options.status) {
    filters.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = options.status;
  }
  const found: Record<string, unknown>[] = [];
  let startKey = decodeCursor(options.cursor, listing);
  for (let page = 0; page < MAX_PAGES_PER_LISTING && found.length < options.limit; page++) {
    const { Items, LastEvaluatedKey } = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ...(filters.length
          ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names }
          : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: options.limit,
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(Items ?? []));
    startKey = LastEvaluatedKey;
    if (!startKey) break;
  }
  const data = found.slice(0, options.limit);
  const last = data.at(-1);
  // Cut inside a page: the next page starts after the last item returned, not after the page.
  const nextKey = found.length > options.limit && last ? { pk: last.pk, sk: last.sk } : startKey;
  return { data: data.map(deliveryView), next_cursor: encodeCursor(nextKey) };
}
