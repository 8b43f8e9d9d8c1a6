export * from './monitored-page';
export * from './run-check';
