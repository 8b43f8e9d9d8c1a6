import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from './clients';
import { tableName } from './config';

/** `list` cut into groups of `size` (the last one shorter). */
export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Runs `tasks` with at most `width` in flight, keeping their order in the results. */
export async function inParallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

/** Puts items in BatchWriteItem requests of 25, retrying what DynamoDB leaves unprocessed. */
export async function batchWrite(items: Record<string, unknown>[]): Promise<void> {
  await inParallel(
    chunks(items, 25).map((group) => () => batchWriteRequest(group)),
    8,
  );
}

async function batchWriteRequest(items: Record<string, unknown>[]): Promise<void> {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests.length; attempt++) {
    const { UnprocessedItems } = await dynamoClient().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
    );
    requests = (UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    if (requests.length && attempt > 8) throw new Error('BatchWriteItem left items unprocessed');
    if (requests.length) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
  }
}
