export * from './run-due-check';
export * from './workers';
