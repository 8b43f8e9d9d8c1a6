export * from './batch-end';
export * from './batch-message';
export * from './batch-recovery';
export * from './batch-store';
export * from './dead-batch';
export * from './item-outcomes';
export * from './run-batch';
export * from './workers';
