export * from './attempts';
export * from './deliveries';
export * from './listing';
export * from './messages';
export * from './outbox';
export * from './secrets';
export * from './sweep';
