import { invalidField } from '@webcapture/errors';
import { CronExpressionParser } from 'cron-parser';

/** The shortest interval a monitor may ask for: 5 minutes unless the deployment lowers it (tests). */
export function monitorMinIntervalMinutes(): number {
  const value = Number(process.env.MONITOR_MIN_INTERVAL_MINUTES);
  return Number.isFinite(value) && value > 0 ? value : 5;
}

export interface MonitorSchedule {
  interval_minutes: number | null;
  cron: string | null;
  timezone: string;
}

/** 422 for a cron expression or time zone cron-parser refuses, or one firing more often than allowed. */
export function checkCronSchedule(cron: string, timezone: string): void {
  let first: Date;
  let second: Date;
  try {
    const parsed = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date() });
    first = parsed.next().toDate();
    second = parsed.next().toDate();
  } catch (error) {
    throw invalidField(`cron is not a valid cron expression in time zone ${timezone}.`, {
      field: 'cron',
      reason: 'invalid_cron',
      error: error instanceof Error ? error.message : String(error),
    });
  }
  const minutes = (second.getTime() - first.getTime()) / 60_000;
  if (minutes < monitorMinIntervalMinutes()) {
    throw invalidField(
      `cron fires every ${minutes} minutes; the shortest allowed is ${monitorMinIntervalMinutes()}.`,
      {
        field: 'cron',
        reason: 'too_frequent',
      },
    );
  }
}

/** The next due time after `from`: the interval added, or the cron expression's next firing. */
export function nextCheckAt(schedule: MonitorSchedule, from: Date = new Date()): string {
  if (schedule.cron) {
    return CronExpressionParser.parse(schedule.cron, { tz: schedule.timezone, currentDate: from })
      .next()
      .toDate()
      .toISOString();
  }
  return new Date(
    from.getTime() + (schedule.interval_minutes ?? monitorMinIntervalMinutes()) * 60_000,
  ).toISOString();
}
