import { InvokeStore } from '@aws/lambda-invoke-store';

/**
 * Where AWS_LAMBDA_MAX_CONCURRENCY is set (a Lambda Managed Instance; the local runtime, and every
 * process that inherits its environment, such as test workers), Powertools keeps each invocation's
 * log keys and metrics in the invoke store and throws if there is none. Lambda's runtime creates
 * it; elsewhere it is created here, at import, ready long before the first line is logged (no
 * top-level await: the Lambda bundles need not be ESM for it). Outside an invocation the store has
 * no context and Powertools uses process-wide state, as usual.
 */
if (process.env.AWS_LAMBDA_MAX_CONCURRENCY) void InvokeStore.getInstanceAsync(true);
