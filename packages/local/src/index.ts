export { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from './runtime';
