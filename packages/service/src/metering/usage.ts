import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { meterKey, monthAttrs, monthOf, numberAt } from './meter';

/** One row per account, UTC day and endpoint, grown by every settlement. */
export const usageRowKey = (accountId: string, day: string, endpoint: string) => ({
  pk: `ACCT#${accountId}`,
  sk: `USAGE#${day}#${endpoint}`,
});

export interface UsageRow {
  endpoint: string;
  raw_bytes: number;
  /** billable_bytes / raw_bytes over the range (one factor per endpoint unless cache hits mix in). */
  billing_multiplier: number;
  billable_bytes: number;
  requests: number;
  /** Credits charged (schema extraction's fixed charge; 0 for bandwidth-only endpoints). */
  credits: number;
}

export interface UsageReport {
  from: string;
  to: string;
  rows: UsageRow[];
  totals: { raw_bytes: number; billable_bytes: number; requests: number; credits: number };
}

/** GET /v1/usage/by-endpoint: days from..to (YYYY-MM-DD, inclusive, UTC) summed per endpoint. */
export async function usageByEndpoint(
  accountId: string,
  range: { from: string; to: string },
): Promise<UsageReport> {
  const byEndpoint = new Map<string, { raw: number; billable: number; requests: number; credits: number }>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': `ACCT#${accountId}`,
          ':from': `USAGE#${range.from}#`,
          // '$' sorts after '#', so every endpoint of the last day is inside the range.
          ':to': `USAGE#${range.to}$`,
        },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const endpoint = item.endpoint as string;
      const sum = byEndpoint.get(endpoint) ?? { raw: 0, billable: 0, requests: 0, credits: 0 };
      sum.raw += Number(item.raw_bytes ?? 0);
      sum.billable += Number(item.billable_bytes ?? 0);
      sum.requests += Number(item.requests ?? 0);
      sum.credits += Number(item.credits ?? 0);
      byEndpoint.set(endpoint, sum);
    }
    start = page.LastEvaluatedKey;
  } while (start);

  const rows: UsageRow[] = [...byEndpoint.entries()]
    .filter(([, sum]) => sum.raw > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([endpoint, sum]) => ({
      endpoint,
      raw_bytes: sum.raw,
      billing_multiplier: Math.round((sum.billable / sum.raw) * 10_000) / 10_000,
      billable_bytes: sum.billable,
      requests: sum.requests,
      credits: sum.credits,
    }));
  const totals = { raw_bytes: 0, billable_bytes: 0, requests: 0, credits: 0 };
  for (const sum of byEndpoint.values()) {
    totals.raw_bytes += sum.raw;
    totals.billable_bytes += sum.billable;
    totals.requests += sum.requests;
    totals.credits += sum.credits;
  }
  return { from: range.from, to: range.to, rows, totals };
}

export interface QuotaUsage {
  /** YYYYMM, UTC. */
  month: string;
  /** Sum billed this month. */
  settled_bytes: number;
  /** Estimates of requests in flight. */
  pending_bytes: number;
  credits: number;
  /** Requests settled this month. */
  requests: number;
  /** Slots held, expired leases not yet purged included. */
  leases: number;
}

/** The month's counters, read consistently (tests, admin CLI, benchmark). */
export async function quotaUsage(
  accountId: string,
  month: string = monthOf(new Date()),
): Promise<QuotaUsage> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: meterKey(accountId), ConsistentRead: true }),
  );
  const attrs = monthAttrs(month);
  return {
    month,
    settled_bytes: numberAt(Item, attrs.settled),
    pending_bytes: numberAt(Item, attrs.pending),
    credits: numberAt(Item, attrs.credits),
    requests: numberAt(Item, attrs.requests),
    leases: Object.keys((Item?.leases as object | undefined) ?? {}).length,
  };
}
