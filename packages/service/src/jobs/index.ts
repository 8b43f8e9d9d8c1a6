export * from './claims';
export * from './dead-letters';
export * from './end-claimed-job';
export * from './recovery';
export * from './request-bodies';
