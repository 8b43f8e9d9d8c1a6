export { type RunningHttpServer, startHttpServer } from './http-server';
export { ensureTable } from './provision';
export { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from './runtime';
export { type Scheduler, startScheduler } from './scheduler';
