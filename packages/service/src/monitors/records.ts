/**
 * A monitor and its checks as DynamoDB holds them (README: docs/api/monitors.md). The monitor's
 * record carries its settings, its schedule (`next_check_at`, and `due_pk` while active: the
 * sparse due index), the claim of a check in flight, and what change detection has learnt.
 */
export type MonitorTarget = 'markdown' | 'schema' | 'selector';
export type MonitorStatus = 'active' | 'paused';
export type CheckStatus = 'new' | 'same' | 'changed' | 'removed' | 'error';
export type MonitorEvent = 'monitor.changed' | 'monitor.removed' | 'monitor.error';

/** A condition on a schema field (changes' DataCondition), as the API takes it. */
export interface MonitorCondition {
  path: string;
  below?: number;
  above?: number;
  equals?: unknown;
  changes?: boolean;
}

/** What the caller set (POST, PATCH): stored as validated, read back by every check. */
export interface MonitorSettings {
  url: string;
  interval_minutes: number | null;
  cron: string | null;
  timezone: string;
  target: MonitorTarget;
  schema: Record<string, unknown> | null;
  selector: { include: string[]; exclude: string[] } | null;
  ignore: string[];
  country: string;
  timeout_ms: number;
  /**
   * The scrape's rendering options (cookies, headers, delay_ms, wait_for_selector, wait_until,
   * validated by the API): the page is rendered in a browser. Null or absent: the HTTP fast path.
   */
  rendering?: Record<string, unknown> | null;
  notify_on: Array<'changed' | 'removed' | 'error'>;
  conditions: MonitorCondition[];
  webhook_url: string | null;
  events: MonitorEvent[];
  custom: Record<string, unknown>;
}

export interface CheckError {
  code: string;
  message: string;
  /** `http_status`, `timeout`, `network`, `blocked`, `empty_page`, `extraction_failed`, `quota_exceeded`, … */
  reason: string;
  status_code?: number;
}

export interface MonitorRecord extends MonitorSettings {
  pk: string;
  sk: string;
  type: 'monitor';
  id: string;
  status: MonitorStatus;
  created_at: string;
  updated_at: string;
  /** Absent while paused (an index key is a string or nothing). */
  next_check_at?: string;
  last_check_at: string | null;
  last_status: CheckStatus | null;
  consecutive_errors: number;
  check_count: number;
  /** Where the baseline lives in S3 (monitor-baselines/); null until the first good check. */
  baseline_key: string | null;
  /** changes' VolatileState: what the page's volatile parts are. */
  volatile: unknown;
  due_pk?: string;
  claim_token?: string;
  claim_until?: number;
  claim_attempts?: number;
}

/** Checks of a monitor are listed newest first; their ids (ULIDs) sort by time. */
export const monitorKey = (accountId: string, id: string) => ({ pk: `ACCT#${accountId}`, sk: `MON#${id}` });
export const checkKey = (accountId: string, monitorId: string, checkId: string) => ({
  pk: `ACCT#${accountId}`,
  sk: `MONCHK#${monitorId}#${checkId}`,
});
export const checkPrefix = (monitorId: string) => `MONCHK#${monitorId}#`;

/** Shards of the due index, so the sweep's reads and the monitors' writes spread. */
export const DUE_INDEX_SHARDS = 4;

export function dueShard(monitorId: string): string {
  let hash = 0;
  for (const char of monitorId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `MONDUE#${hash % DUE_INDEX_SHARDS}`;
}

/** Check records and their snapshots are kept this long (object-retention.ts, monitorChecks). */
export const CHECK_RETENTION_SECONDS = 30 * 24 * 3600;

export interface CheckRecord {
  id: string;
  monitor_id: string;
  checked_at: string;
  status: CheckStatus;
  trigger: 'schedule' | 'manual';
  diff: unknown;
  error: CheckError | null;
  conditions_met: MonitorCondition[];
  status_code: number | null;
  content_key: string | null;
}

/** What the API shows of a monitor. */
export function monitorView(record: MonitorRecord) {
  return {
    id: record.id,
    status: record.status,
    url: record.url,
    interval_minutes: record.interval_minutes,
    cron: record.cron,
    timezone: record.timezone,
    target: record.target,
    schema: record.schema,
    selector: record.selector,
    ignore: record.ignore,
    country: record.country,
    timeout_ms: record.timeout_ms,
    rendering: record.rendering ?? null,
    notify_on: [...record.notify_on, ...record.conditions],
    webhook_url: record.webhook_url,
    events: record.events,
    custom: record.custom,
    paused: record.status === 'paused',
    created_at: record.created_at,
    updated_at: record.updated_at,
    next_check_at: record.status === 'active' ? (record.next_check_at ?? null) : null,
    last_check_at: record.last_check_at,
    last_status: record.last_status,
    consecutive_errors: record.consecutive_errors,
  };
}

export type MonitorView = ReturnType<typeof monitorView>;
