import {
  type CheckRecord,
  type MonitorEvent,
  type MonitorRecord,
  type OutboxDelivery,
  outboxDelivery,
  publicUrl,
} from '@webcapture/service';

/** Consecutive error checks before `monitor.error` is sent (once per run of errors). */
export function monitorErrorThreshold(): number {
  const value = Number(process.env.MONITOR_ERROR_AFTER);
  return Number.isInteger(value) && value > 0 ? value : 3;
}

/** The event a check calls for, given what the monitor asked to be told about. */
function eventOf(monitor: MonitorRecord, check: CheckRecord): MonitorEvent | null {
  if (check.status === 'changed') {
    const wantsEvery = monitor.notify_on.includes('changed');
    return wantsEvery || check.conditions_met.length > 0 ? 'monitor.changed' : null;
  }
  if (check.status === 'new' && check.conditions_met.length > 0) return 'monitor.changed';
  // Told once when the page goes, not at every check while it stays gone.
  if (check.status === 'removed' && monitor.last_status !== 'removed') {
    return monitor.notify_on.includes('removed') ? 'monitor.removed' : null;
  }
  if (check.status === 'error' && monitor.consecutive_errors + 1 === monitorErrorThreshold()) {
    return monitor.notify_on.includes('error') ? 'monitor.error' : null;
  }
  return null;
}

/** The webhook delivery of a check, if it calls for an event the monitor subscribed to. */
export function monitorCheckDelivery(
  accountId: string,
  monitor: MonitorRecord,
  check: CheckRecord,
): OutboxDelivery | undefined {
  const event = eventOf(monitor, check);
  if (!event || !monitor.webhook_url || !monitor.events.includes(event)) return undefined;
  return outboxDelivery({
    accountId,
    url: monitor.webhook_url,
    event,
    payload: {
      monitor_id: monitor.id,
      check_id: check.id,
      url: monitor.url,
      status: check.status,
      checked_at: check.checked_at,
      diff: check.diff,
      conditions_met: check.conditions_met,
      error: check.error,
      consecutive_errors: check.status === 'error' ? monitor.consecutive_errors + 1 : 0,
      checks_url: publicUrl(`/v1/monitors/${monitor.id}/checks`),
      custom: monitor.custom,
    },
  });
}
