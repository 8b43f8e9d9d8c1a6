export { type RunningHttpServer, startHttpServer } from './http-server';
export { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from './runtime';
