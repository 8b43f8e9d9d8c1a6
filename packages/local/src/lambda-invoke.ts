import { randomUUID } from 'node:crypto';
import { inInvocation } from '@webcapture/telemetry';
import type { Context } from 'aws-lambda';
import { LOCAL_REGION } from './emulators/emulator';

/** Any Lambda handler in its promise form; the local runtime never uses callbacks. */
export type LambdaHandler = (event: never, context: Context) => unknown;

export const LOCAL_ACCOUNT_ID = '123456789012';

export interface FunctionConfig {
  name: string;
  timeoutSeconds: number;
  memoryMb: number;
}

export class FunctionTimeoutError extends Error {
  constructor(
    readonly functionName: string,
    readonly timeoutSeconds: number,
  ) {
    super(`${functionName} timed out after ${timeoutSeconds} s`);
    this.name = 'FunctionTimeoutError';
  }
}

function createContext(fn: FunctionConfig, deadline: number): Context {
  const unsupported = () => {
    throw new Error('callback-style completion is not supported by the local runtime');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: fn.name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:function:${fn.name}`,
    memoryLimitInMB: String(fn.memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${fn.name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

/**
 * This process runs many invocations at once, as a Lambda Managed Instance does; the runtime there
 * sets AWS_LAMBDA_MAX_CONCURRENCY and runs each invocation in the invoke store's async context,
 * and Powertools then keeps a request's log keys and metrics to that invocation. Locally the same,
 * or one request's account_id would land on another's lines.
 */
process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '1000';

/**
 * Calls a handler as Lambda would: a fresh context per invocation and a hard deadline. On timeout the
 * caller gets FunctionTimeoutError while the handler's promise runs on, as nothing can stop it in-process.
 */
export async function invoke(handler: LambdaHandler, event: unknown, fn: FunctionConfig): Promise<unknown> {
  const timeoutMs = fn.timeoutSeconds * 1000;
  const context = createContext(fn, Date.now() + timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FunctionTimeoutError(fn.name, fn.timeoutSeconds)), timeoutMs);
  });
  try {
    const run = inInvocation(context.awsRequestId, () => handler(event as never, context));
    return await Promise.race([run, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
