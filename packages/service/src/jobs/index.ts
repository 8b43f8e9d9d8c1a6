export * from './claims';
export * from './dead-letters';
export * from './request-bodies';
