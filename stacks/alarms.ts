/**
 * CloudWatch alarms, all notifying one SNS topic: every dead-letter queue's depth, Lambda errors
 * and throttles, and the API's 5xx rate and p99 latency. The topic's subscriber (an email address
 * or an HTTPS webhook) is configured per stage (stacks/config.ts, or ALARM_EMAIL /
 * ALARM_WEBHOOK_URL at deploy time); docs/deploy.md lists every alarm.
 */
import type { StageSettings } from './config';
import type { QueuePair } from './lambda';
import { queueComponentNames } from './resource-names';

export const ALARM_TOPIC = 'Alarms';
const FIVE_MINUTES = 300;

/** Thresholds, in one place so docs/deploy.md can name them. */
export const ALARM_THRESHOLDS = {
  /** Lambda errors (all functions of the account and region) in five minutes. */
  lambdaErrors: 10,
  /** Any throttle: a reserved or queue-capped function hit its limit, or the account did. */
  lambdaThrottles: 1,
  /** Percent of API requests answered 5xx, over five minutes. */
  api5xxPercent: 5,
  /** p99 latency of the API in ms (routes end at 29 s): three five-minute periods in a row. */
  apiP99Ms: 20_000,
} as const;

export function alarmSubscription(settings: StageSettings): { email?: string; webhook?: string } {
  return {
    email: settings.alarmEmail ?? process.env.ALARM_EMAIL,
    webhook: settings.alarmWebhookUrl ?? process.env.ALARM_WEBHOOK_URL,
  };
}

export function createAlarms(input: {
  queues: readonly QueuePair[];
  apiId: $util.Input<string>;
  settings: StageSettings;
}): aws.sns.Topic {
  const topic = new aws.sns.Topic(ALARM_TOPIC, {});
  const { email, webhook } = alarmSubscription(input.settings);
  if (email)
    new aws.sns.TopicSubscription(`${ALARM_TOPIC}Email`, {
      topic: topic.arn,
      protocol: 'email',
      endpoint: email,
    });
  if (webhook) {
    new aws.sns.TopicSubscription(`${ALARM_TOPIC}Webhook`, {
      topic: topic.arn,
      protocol: 'https',
      endpoint: webhook,
    });
  }
  const actions = { alarmActions: [topic.arn], okActions: [topic.arn], treatMissingData: 'notBreaching' };

  // Anything in a dead-letter queue: a job whose worker died on every receive (drained ones end
  // the job as failed within a minute, so the alarm also counts the messages in flight).
  for (const { definition, deadLetter } of input.queues) {
    const name = queueComponentNames(definition.name).deadLetter;
    const dimensions = { QueueName: deadLetter.nodes.queue.name };
    const depth = (id: string, metricName: string) => ({
      id,
      metric: { namespace: 'AWS/SQS', metricName, dimensions, period: FIVE_MINUTES, stat: 'Maximum' },
    });
    new aws.cloudwatch.MetricAlarm(`${name}DepthAlarm`, {
      alarmDescription: `Messages in the ${definition.name} dead-letter queue`,
      comparisonOperator: 'GreaterThanOrEqualToThreshold',
      threshold: 1,
      evaluationPeriods: 1,
      metricQueries: [
        depth('visible', 'ApproximateNumberOfMessagesVisible'),
        depth('inflight', 'ApproximateNumberOfMessagesNotVisible'),
        { id: 'depth', expression: 'visible + inflight', label: 'messages', returnData: true },
      ],
      ...actions,
    });
  }

  // Region-wide (no dimensions): one alarm each covers every function of the stage.
  for (const [metricName, threshold] of [
    ['Errors', ALARM_THRESHOLDS.lambdaErrors],
    ['Throttles', ALARM_THRESHOLDS.lambdaThrottles],
  ] as const) {
    new aws.cloudwatch.MetricAlarm(`Lambda${metricName}Alarm`, {
      alarmDescription: `Lambda ${metricName.toLowerCase()} (every function in the region)`,
      namespace: 'AWS/Lambda',
      metricName,
      statistic: 'Sum',
      period: FIVE_MINUTES,
      evaluationPeriods: 1,
      comparisonOperator: 'GreaterThanOrEqualToThreshold',
      threshold,
      ...actions,
    });
  }

  const api = (id: string, metricName: string) => ({
    id,
    metric: {
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensions: { ApiId: input.apiId },
      period: FIVE_MINUTES,
      stat: 'Sum',
    },
  });
  new aws.cloudwatch.MetricAlarm('Api5xxRateAlarm', {
    alarmDescription: `More than ${ALARM_THRESHOLDS.api5xxPercent}% of API requests answered 5xx`,
    comparisonOperator: 'GreaterThanThreshold',
    threshold: ALARM_THRESHOLDS.api5xxPercent,
    evaluationPeriods: 1,
    metricQueries: [
      api('errors', '5xx'),
      api('requests', 'Count'),
      { id: 'rate', expression: '100 * errors / requests', label: '5xx %', returnData: true },
    ],
    ...actions,
  });
  new aws.cloudwatch.MetricAlarm('ApiLatencyP99Alarm', {
    alarmDescription: `API p99 latency above ${ALARM_THRESHOLDS.apiP99Ms} ms`,
    namespace: 'AWS/ApiGateway',
    metricName: 'Latency',
    dimensions: { ApiId: input.apiId },
    extendedStatistic: 'p99',
    period: FIVE_MINUTES,
    evaluationPeriods: 3,
    comparisonOperator: 'GreaterThanThreshold',
    threshold: ALARM_THRESHOLDS.apiP99Ms,
    ...actions,
  });
  return topic;
}
