import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';

/**
 * Where AWS_LAMBDA_MAX_CONCURRENCY is set (a Lambda Managed Instance; the local runtime, and every
 * process that inherits its environment, such as test workers), Powertools keeps each invocation's
 * log keys and metrics in the invoke store and throws if there is none. Lambda's runtime creates
 * it; elsewhere it is created here, at import, ready long before the first line is logged (no
 * top-level await: the Lambda bundles need not be ESM for it). Outside an invocation the store has
 * no context and Powertools uses process-wide state, as usual.
 */
if (process.env.AWS_LAMBDA_MAX_CONCURRENCY) void InvokeStore.getInstanceAsync(true);

/**
 * Runs `fn` as one invocation in the invoke store's async context, as Lambda's runtime does on a
 * Managed Instance (and the local runtime for every handler): its log keys, metrics and batch state
 * stay its own while other invocations run beside it.
 */
export async function inInvocation<T>(requestId: string, fn: () => T | Promise<T>): Promise<T> {
  const store = await InvokeStore.getInstanceAsync(true);
  const invocation = { [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId };
  return store.run(invocation, () => Promise.resolve().then(fn));
}

/**
 * Runs `fn` in the caller's invocation, or as an invocation of its own when there is none: a
 * handler called directly (by a test, a script) where the store keeps one context per invocation,
 * and where Powertools (batch, logger, metrics) refuses to run without one.
 */
export async function withinInvocation<T>(requestId: string, fn: () => T | Promise<T>): Promise<T> {
  const store = await InvokeStore.getInstanceAsync();
  return store.hasContext() ? fn() : inInvocation(requestId, fn);
}
