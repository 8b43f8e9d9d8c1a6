export * from './dead-screenshot';
export * from './run-screenshot-job';
export * from './screenshot-recovery';
export * from './workers';
