import { renderedSource } from '@webcapture/scraping/rendered';
import type { MonitorCheckMessage } from '@webcapture/service';
import { jsonJobWorker } from '../sqs-batch';
import { runDueMonitorCheck } from './run-due-check';

/** The monitor-render queue's worker: due checks of monitors with `rendering`, in Chromium. */
export const monitorRenderWorker = jsonJobWorker<MonitorCheckMessage>((message) =>
  runDueMonitorCheck(message, renderedSource),
);
