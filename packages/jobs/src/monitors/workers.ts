import { type MonitorCheckMessage, queueDueMonitorChecks } from '@webcapture/service';
import { logger } from '@webcapture/telemetry';
import { jsonJobWorker } from '../sqs-batch';
import { runDueMonitorCheck } from './run-due-check';

/** The monitor-checks queue's worker: due checks one after another. */
export const monitorChecksWorker = jsonJobWorker<MonitorCheckMessage>(runDueMonitorCheck);

/** Every minute (SCHEDULES): queues the due monitor checks, and those whose worker died. */
export async function monitorSweep(): Promise<void> {
  const swept = await queueDueMonitorChecks();
  logger().info('monitor sweep', { sweep: 'monitors', ...swept });
}
