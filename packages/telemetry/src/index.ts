export { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
export { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
export { inInvocation, withinInvocation } from './invoke-store';
export { buildLogger, logger, SERVICE_NAME } from './logger';
export {
  type AdmissionRefusalReason,
  buildMetrics,
  type CaptureOutcome,
  countAdmissionRefusal,
  countCapture,
  countQueueJob,
  countWebhookAttempt,
  METRICS_NAMESPACE,
  metrics,
  type QueueJobOutcome,
  type WebhookAttemptResult,
} from './metrics';
export { ReadableLogFormatter, ReadableLogger, renderReadableLine } from './readable-format';
export { REDACTED, redactSecrets, redactText } from './redact';
