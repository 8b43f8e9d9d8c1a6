/**
 * What keeps a deployment running under load: queue triggers capped and patient enough for
 * throttling, API routes with reserved capacity, and an alarm on every dead-letter queue, on
 * Lambda errors and throttles and on the API's 5xx rate and latency, all to the alarm topic.
 */
import { ROUTES } from '../packages/http/src/routes';
import { type DrainedQueue, deadLetterQueue, QUEUES } from '../packages/service/src/queues';
import { ALARM_TOPIC } from './alarms';
import { routeReservedConcurrency } from './capacity';
import { componentName } from './function-settings';
import { queueComponentNames } from './resource-names';
import type { DryRun, RecordedFunction } from './wiring-dry-run';

type Fail = (message: string) => void;

/** AWS's advice for a Lambda trigger: visibility at least six times the function's timeout. */
export const VISIBILITY_TIMEOUT_FACTOR = 6;
/** Receives a message survives before dead-lettering (AWS advises 5 at least for Lambda triggers). */
export const MIN_RECEIVES = 5;

/** The manifest's throttling settings of one queue (or dead-letter queue). */
export function checkQueueThrottling(queue: DrainedQueue, fail: Fail): void {
  const owner = `queue ${queue.name}`;
  if (queue.visibilityTimeoutSeconds < VISIBILITY_TIMEOUT_FACTOR * queue.workerTimeoutSeconds) {
    fail(
      `${owner}: visibility timeout ${queue.visibilityTimeoutSeconds} s is under ${VISIBILITY_TIMEOUT_FACTOR} × the worker timeout ${queue.workerTimeoutSeconds} s`,
    );
  }
  if (!Number.isInteger(queue.maxConcurrency) || queue.maxConcurrency < 2 || queue.maxConcurrency > 1000) {
    fail(`${owner}: maxConcurrency ${queue.maxConcurrency} is not a trigger cap (2–1000)`);
  }
}

export function checkReceives(): string[] {
  return QUEUES.filter((queue) => queue.maxReceiveCount < MIN_RECEIVES).map(
    (queue) =>
      `queue ${queue.name}: ${queue.maxReceiveCount} receives before the dead-letter queue, under ${MIN_RECEIVES}`,
  );
}

/** The subscription as recorded: its event source mapping carries the queue's cap. */
export function checkTriggerCap(stage: string, fn: RecordedFunction, queue: DrainedQueue, fail: Fail): void {
  const transform = fn.options.transform as
    | { eventSourceMapping?: { scalingConfig?: { maximumConcurrency?: number } } }
    | undefined;
  const cap = transform?.eventSourceMapping?.scalingConfig?.maximumConcurrency;
  if (cap !== queue.maxConcurrency) {
    fail(
      `${stage}: worker ${queue.name} trigger has maximumConcurrency ${cap}, expected ${queue.maxConcurrency}`,
    );
  }
}

export function checkReservedConcurrency(stage: string, run: DryRun, fail: Fail): void {
  for (const route of ROUTES) {
    const fn = run.functions.find((candidate) => candidate.options.name === componentName(route.id));
    const want = routeReservedConcurrency(route);
    if (fn && fn.args.concurrency?.reserved !== want) {
      fail(`${stage}: route ${route.id} reserves ${fn.args.concurrency?.reserved}, expected ${want}`);
    }
  }
}

interface AlarmArgs {
  namespace?: string;
  metricName?: string;
  dimensions?: Record<string, string>;
  metricQueries?: {
    metric?: { namespace?: string; metricName?: string; dimensions?: Record<string, string> };
  }[];
  alarmActions?: string[];
}

/** Every metric an alarm watches, as namespace/metric/dimension values. */
function watched(alarm: AlarmArgs): { namespace?: string; metricName?: string; dimensions: string[] }[] {
  const metrics = alarm.metricQueries?.flatMap((query) => (query.metric ? [query.metric] : [])) ?? [alarm];
  return metrics.map((metric) => ({
    namespace: metric.namespace,
    metricName: metric.metricName,
    dimensions: Object.values(metric.dimensions ?? {}),
  }));
}

export function checkAlarms(stage: string, run: DryRun, fail: Fail): number {
  const topic = `<${ALARM_TOPIC}.arn>`;
  if (!run.components.some((c) => c.kind === 'Topic' && c.name === ALARM_TOPIC)) {
    fail(`${stage}: no ${ALARM_TOPIC} SNS topic`);
  }
  const alarms = run.components
    .filter((c) => c.kind === 'MetricAlarm')
    .map((c) => ({ name: c.name, ...(c.args as AlarmArgs) }));
  for (const alarm of alarms) {
    if (!alarm.alarmActions?.includes(topic))
      fail(`${stage}: alarm ${alarm.name} does not notify ${ALARM_TOPIC}`);
  }
  const has = (namespace: string, metricName: string, dimension?: string) =>
    alarms.some((alarm) =>
      watched(alarm).some(
        (metric) =>
          metric.namespace === namespace &&
          metric.metricName === metricName &&
          (dimension === undefined || metric.dimensions.includes(dimension)),
      ),
    );
  for (const queue of QUEUES) {
    const deadLetter = queueComponentNames(queue.name).deadLetter;
    if (!has('AWS/SQS', 'ApproximateNumberOfMessagesVisible', `<${deadLetter}.queueName>`)) {
      fail(`${stage}: dead-letter queue ${deadLetter} has no depth alarm`);
    }
  }
  if (!has('AWS/Lambda', 'Errors')) fail(`${stage}: no alarm on Lambda errors`);
  if (!has('AWS/Lambda', 'Throttles')) fail(`${stage}: no alarm on Lambda throttles`);
  if (!has('AWS/ApiGateway', '5xx', '<Api.apiId>')) fail(`${stage}: no alarm on the API's 5xx rate`);
  if (!has('AWS/ApiGateway', 'Latency', '<Api.apiId>')) fail(`${stage}: no alarm on the API's latency`);
  return alarms.length;
}

/** The queues whose throttling settings the manifest check covers: each queue and its drained DLQ. */
export function drainedQueues(): DrainedQueue[] {
  return QUEUES.flatMap((queue) => [queue, deadLetterQueue(queue) ?? []].flat());
}
