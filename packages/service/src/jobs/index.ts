export * from './claims';
export * from './dead-letters';
