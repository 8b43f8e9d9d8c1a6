import { invalidField } from '@webcapture/errors';
import { compileIgnorePatterns } from '@webcapture/scraping';
import {
  checkCronSchedule,
  type MonitorCondition,
  type MonitorSettings,
  monitorMinIntervalMinutes,
} from '@webcapture/service';
import type { MonitorUpdateRequest } from '../schemas/monitors';

/** What a monitor checks every hour unless told otherwise. */
const DEFAULT_INTERVAL_MINUTES = 60;

const DEFAULTS: Omit<MonitorSettings, 'url'> = {
  interval_minutes: DEFAULT_INTERVAL_MINUTES,
  cron: null,
  timezone: 'UTC',
  target: 'markdown',
  schema: null,
  selector: null,
  ignore: [],
  country: 'US',
  timeout_ms: 30_000,
  rendering: null,
  notify_on: ['changed', 'removed', 'error'],
  conditions: [],
  webhook_url: null,
  events: ['monitor.changed', 'monitor.removed', 'monitor.error'],
  custom: {},
};

/**
 * A monitor's settings from a POST body (over the defaults) or a PATCH body (over its current
 * settings), with the rules that span fields: one schedule, a known time zone, the minimum
 * interval, a schema or selector for those targets, conditions only on schema data, ignore
 * patterns RE2 can run. Each broken rule is a 422 validation_error naming its field.
 */
export function monitorSettings(
  input: MonitorUpdateRequest,
  current?: MonitorSettings,
): { settings: MonitorSettings; scheduleChanged: boolean } {
  const base = current ?? { ...DEFAULTS, url: '' };
  if (input.interval_minutes != null && input.cron != null) {
    throw invalidField('Give interval_minutes or cron, not both.', { field: 'cron', reason: 'exclusive' });
  }
  const cron =
    input.cron != null ? input.cron : input.interval_minutes != null ? null : (input.cron ?? base.cron);
  const interval = cron
    ? null
    : (input.interval_minutes ?? base.interval_minutes ?? DEFAULT_INTERVAL_MINUTES);
  const timezone = input.timezone ?? base.timezone;
  checkTimezone(timezone);
  if (cron) checkCronSchedule(cron, timezone);
  if (interval !== null && interval < monitorMinIntervalMinutes()) {
    throw invalidField(`interval_minutes must be at least ${monitorMinIntervalMinutes()}.`, {
      field: 'interval_minutes',
      reason: 'below_minimum',
      minimum: monitorMinIntervalMinutes(),
    });
  }
  const target = input.target ?? base.target;
  // compileSchema refuses a root that is not an object, so the root is one.
  const schema = input.schema
    ? (input.schema.root as Record<string, unknown>)
    : target === 'schema'
      ? base.schema
      : null;
  const selector = input.selector ?? (target === 'selector' ? base.selector : null);
  if (target === 'schema' && !schema) {
    throw invalidField('target schema needs a schema.', { field: 'schema', reason: 'required' });
  }
  if (target === 'selector' && !selector) {
    throw invalidField('target selector needs a selector.', { field: 'selector', reason: 'required' });
  }
  const notifyOn = input.notify_on;
  const kinds = notifyOn
    ? notifyOn.filter((entry): entry is MonitorSettings['notify_on'][number] => typeof entry === 'string')
    : base.notify_on;
  const conditions = notifyOn
    ? notifyOn.flatMap((entry): MonitorCondition[] => (typeof entry === 'string' ? [] : [entry]))
    : target === 'schema'
      ? base.conditions
      : [];
  if (conditions.length && target !== 'schema') {
    throw invalidField('Conditions in notify_on apply to schema targets only.', {
      field: 'notify_on',
      reason: 'conditions_need_schema',
    });
  }
  const ignore = input.ignore ?? base.ignore;
  compileIgnorePatterns(ignore);
  const settings: MonitorSettings = {
    url: input.url ?? base.url,
    interval_minutes: interval,
    cron,
    timezone,
    target,
    schema,
    selector,
    ignore,
    country: input.country ?? base.country,
    timeout_ms: input.timeout_ms ?? base.timeout_ms,
    // Replaced as a whole; null turns rendering off.
    rendering: input.rendering !== undefined ? input.rendering : (base.rendering ?? null),
    notify_on: [...new Set(kinds)],
    conditions,
    webhook_url: input.webhook_url ?? base.webhook_url,
    events: input.events ? [...new Set(input.events)] : base.events,
    custom: input.custom ?? base.custom,
  };
  const scheduleChanged =
    !current ||
    current.cron !== settings.cron ||
    current.interval_minutes !== settings.interval_minutes ||
    current.timezone !== settings.timezone;
  return { settings, scheduleChanged };
}

function checkTimezone(timezone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
  } catch {
    throw invalidField(`timezone ${timezone} is not an IANA time zone.`, {
      field: 'timezone',
      reason: 'invalid_timezone',
    });
  }
}
