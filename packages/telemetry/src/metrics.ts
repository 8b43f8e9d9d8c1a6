import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger, SERVICE_NAME } from './logger';

/** CloudWatch namespace of every metric; POWERTOOLS_METRICS_NAMESPACE overrides it. */
export const METRICS_NAMESPACE = 'webcapture';

let built: Metrics | undefined;

/**
 * The process's one EMF metrics buffer, flushed at the end of every invocation by the
 * `logMetrics(metrics())` middleware. Built on first use, like the logger, so the local runtime's
 * POWERTOOLS_METRICS_DISABLED (EMF lines are for CloudWatch, noise in a terminal) is seen.
 */
export function metrics(): Metrics {
  built ??= buildMetrics(process.env);
  return built;
}

export function buildMetrics(env: NodeJS.ProcessEnv): Metrics {
  return new Metrics({
    namespace: env.POWERTOOLS_METRICS_NAMESPACE || METRICS_NAMESPACE,
    serviceName: env.POWERTOOLS_SERVICE_NAME || SERVICE_NAME,
    // Powertools warns on every flush without a metric (most requests count nothing); its
    // maintainers' answer is a logger of our own at the level we want (powertools-lambda-typescript#2036).
    logger: logger().createChild({ logLevel: 'ERROR' }),
  });
}

/** What became of an admitted capture: billed, failed, refused at settle, or left to a worker. */
export type CaptureOutcome = 'succeeded' | 'failed' | 'over_quota' | 'deferred' | 'unbilled';
/** AdmissionRejected's codes. */
export type AdmissionRefusalReason =
  | 'rate_limited'
  | 'concurrency_limit'
  | 'quota_exceeded'
  | 'spending_cap_reached';
export type QueueJobOutcome = 'succeeded' | 'failed' | 'skipped';
/** One webhook POST: 2xx, a retryable answer or error, 410, or a target the SSRF guard refused. */
export type WebhookAttemptResult = 'delivered' | 'retry' | 'gone' | 'private_address';

/**
 * Counts made once per request: into the invocation's buffer, flushed with it. EMF gives each
 * dimension one value per line, which holds as an HTTP request has exactly one outcome.
 */
function countInInvocation(name: string, dimensions: Record<string, string>): void {
  metrics().addDimensions(dimensions).addMetric(name, MetricUnit.Count, 1);
}

/**
 * Counts made per record, where one invocation's records end differently: a line of its own at
 * once, as a buffer shared by the batch could carry only one value per dimension.
 */
function countOnItsOwn(name: string, dimensions: Record<string, string>): void {
  metrics().singleMetric().addDimensions(dimensions).addMetric(name, MetricUnit.Count, 1);
}

export function countCapture(endpoint: string, outcome: CaptureOutcome): void {
  countInInvocation('Captures', { endpoint, outcome });
}

export function countAdmissionRefusal(endpoint: string, reason: AdmissionRefusalReason): void {
  countInInvocation('AdmissionRefusals', { endpoint, reason });
}

export function countQueueJob(queue: string, outcome: QueueJobOutcome): void {
  countOnItsOwn('QueueJobs', { queue, outcome });
}

export function countWebhookAttempt(result: WebhookAttemptResult): void {
  countOnItsOwn('WebhookAttempts', { result });
}
