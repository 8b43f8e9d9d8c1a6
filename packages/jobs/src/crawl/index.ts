export * from './run-page';
export * from './workers';
